/**
 * Links from the configuration (core/content/configured-links.ts): a site path through the router,
 * another site's address as a plain link that opens without handing it this page. The legal page
 * links of the footer and checkout come from here.
 */
import { observer } from 'mobx-react-lite';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { ConfiguredLink } from '../../core/content/configuration';
import { isInternalLink, legalLinksOf } from '../../core/content/configured-links';
import { DEFAULT_CONFIGURATION } from '../../core/content/default-configuration';
import { useOptionalAuth } from '../auth/auth-context';

export const ConfiguredAnchor = ({
  link,
  className,
  onClick,
  children,
}: {
  readonly link: ConfiguredLink;
  readonly className?: string;
  readonly onClick?: () => void;
  readonly children?: ReactNode;
}) =>
  isInternalLink(link.href) ? (
    <Link to={link.href} className={className} onClick={onClick}>
      {children ?? link.label}
    </Link>
  ) : (
    <a href={link.href} className={className} onClick={onClick} rel="noopener noreferrer">
      {children ?? link.label}
    </a>
  );

/** The configured legal page links as a list; nothing when none are configured. */
export const LegalLinks = observer(({ className }: { readonly className: string }) => {
  const auth = useOptionalAuth();
  const links = legalLinksOf(auth?.configuration ?? DEFAULT_CONFIGURATION);
  if (links.length === 0) return null;
  return (
    <ul className={className}>
      {links.map((link) => (
        <li key={`${link.href} ${link.label}`}>
          <ConfiguredAnchor link={link} />
        </li>
      ))}
    </ul>
  );
});
