/** Spec §2: tab names that need no grid icon. */

export const TABS_WITHOUT_GRID_ICON = ['inspiration', 'technical', 'resources', 'help'] as const;

/** Tab names are compared trimmed and case-insensitively ('Help' is the help tab). */
export const needsGridIcon = (tabName: string): boolean =>
  !(TABS_WITHOUT_GRID_ICON as readonly string[]).includes(tabName.trim().toLowerCase());
