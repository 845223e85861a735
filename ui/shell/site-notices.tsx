/**
 * The operator's site notices (core/content/site-notices.ts), from the configuration: the promo
 * banner as a dialog, once per visit, and the site-wide warning as a strip at the foot of the
 * window until dismissed. Loaded after hydration (ui/app/root-layout.tsx): both lie over the page,
 * so nothing on it moves when they appear.
 */
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { TYPES } from '../../adapters/di/types';
import type { StorefrontConfiguration } from '../../core/content/configuration';
import type { ConfigurationGateway, SeenNoticesStore } from '../../core/content/ports';
import {
  noticeLink,
  promoToShow,
  warningToShow,
  type SiteNotice,
} from '../../core/content/site-notices';
import { useContainer } from '../app/container-context';
import { Dialog } from '../components/dialog';
import './site-notices.css';

const NoticeLink = ({ notice, onFollow }: { notice: SiteNotice; onFollow?: () => void }) => {
  const link = noticeLink(notice);
  if (link === null) return null;
  return /^[a-z][a-z0-9+.-]*:/i.test(link.href) ? (
    <a className="button button--primary" href={link.href} onClick={onFollow}>
      {link.label}
    </a>
  ) : (
    <Link className="button button--primary" to={link.href} onClick={onFollow}>
      {link.label}
    </Link>
  );
};

const SiteNotices = observer(() => {
  const container = useContainer();
  const { pathname, hash } = useLocation();
  const [configuration, setConfiguration] = useState<StorefrontConfiguration | null>(null);
  const [seen] = useState(() => container.get<SeenNoticesStore>(TYPES.SeenNotices));
  const [closed, setClosed] = useState<readonly string[]>(() => seen.load());

  useEffect(() => {
    let live = true;
    container
      .get<ConfigurationGateway>(TYPES.ConfigurationGateway)
      .load()
      .then(
        (loaded) => {
          if (live) setConfiguration(loaded);
        },
        () => undefined,
      );
    return () => {
      live = false;
    };
  }, [container]);

  const now = Date.now();
  const promo = promoToShow(configuration?.promoBanner, { now, pathname, hash, seen: closed });
  const warning = warningToShow(configuration?.siteWideWarning, now, closed);

  // A promo shown once counts as seen for the visit, even if the shopper navigates on without
  // closing it.
  useEffect(() => {
    if (promo !== null) seen.add(promo.id);
  }, [promo, seen]);

  const close = (notice: SiteNotice) => {
    seen.add(notice.id);
    setClosed(seen.load());
  };

  return (
    <>
      {warning !== null && (
        <aside className="site-notice-strip" aria-label="Site notice">
          <p className="site-notice-strip__text">
            {warning.title !== undefined && <strong>{warning.title} </strong>}
            {warning.text}
          </p>
          <NoticeLink notice={warning} />
          <button
            type="button"
            className="button button--secondary button--small"
            onClick={() => close(warning)}
          >
            Dismiss
          </button>
        </aside>
      )}
      {promo !== null && (
        <Dialog
          block="modal"
          title={promo.title ?? 'From Lavabo'}
          closeLabel="Close"
          describedBy="promo-banner-text"
          onClose={() => close(promo)}
        >
          <div className="promo-banner">
            <p id="promo-banner-text" className="promo-banner__text">
              {promo.text}
            </p>
            <NoticeLink notice={promo} onFollow={() => close(promo)} />
          </div>
        </Dialog>
      )}
    </>
  );
});

export default SiteNotices;
