/**
 * The header menu's state (spec §3 generic UI state `menu`): `isOpen` is the phone drawer and
 * `mainCategoryActive` the top-level category shown open — the desktop mega menu panel, or the
 * expanded group inside the drawer (one at a time in either). The region and account parts of
 * that state belong to screens the header does not have. Everything closes on a route change.
 */
import { makeAutoObservable } from 'mobx';

export class MenuViewModel {
  isOpen = false;
  mainCategoryActive: string | null = null;
  private route: string | null = null;

  constructor() {
    makeAutoObservable<MenuViewModel, 'route'>(this, { route: false });
  }

  isCategoryOpen(id: string): boolean {
    return this.mainCategoryActive === id;
  }

  openCategory(id: string): void {
    this.mainCategoryActive = id;
  }

  toggleCategory(id: string): void {
    this.mainCategoryActive = this.mainCategoryActive === id ? null : id;
  }

  closeCategory(): void {
    this.mainCategoryActive = null;
  }

  openDrawer(): void {
    this.isOpen = true;
    this.mainCategoryActive = null;
  }

  closeDrawer(): void {
    this.isOpen = false;
    this.mainCategoryActive = null;
  }

  /** The page changed (path, query or hash): whatever was open has done its job. */
  routeChanged(route: string): void {
    if (this.route !== null && route !== this.route) this.closeDrawer();
    this.route = route;
  }
}
