/**
 * The header search box with its typeahead popup. The input stays an `<input type="search">` (role
 * searchbox, named "Search") and points at its listbox with aria-controls and
 * aria-activedescendant; ARIA does not allow aria-expanded on a searchbox, so the popup's state is
 * told by a polite live region instead. Focus never leaves the input: options are picked with the
 * arrow keys and Enter, or by pointer.
 */
import { observer } from 'mobx-react-lite';
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { effectiveCents } from '../../core/catalog/product';
import { pickSearchState, withSearchState } from '../../core/catalog/search-state';
import type { Typeahead } from '../../core/catalog/typeahead';
import { buildPath } from '../../core/content/routes';
import { formatMoney, money } from '../../core/shared/money';
import { TYPES } from '../../adapters/di/types';
import { useContainer } from '../app/container-context';
import { TypeaheadViewModel, type TypeaheadOption } from './typeahead-view-model';
import './typeahead.css';

const SEARCH_PATH = buildPath('search');

const OptionContent = ({ option }: { option: TypeaheadOption }) => {
  if (option.kind !== 'product') {
    return (
      <>
        {option.kind === 'history' ? (
          <svg aria-hidden="true" viewBox="0 0 24 24" width="16" height="16">
            <circle cx="12" cy="12" r="8" fill="none" stroke="currentColor" strokeWidth="1.8" />
            <path d="M12 8v4l3 2" fill="none" stroke="currentColor" strokeWidth="1.8" />
          </svg>
        ) : (
          <svg aria-hidden="true" viewBox="0 0 24 24" width="16" height="16">
            <circle cx="10.5" cy="10.5" r="6" fill="none" stroke="currentColor" strokeWidth="1.8" />
            <path d="m15 15 5 5" stroke="currentColor" strokeWidth="1.8" />
          </svg>
        )}
        <span className="typeahead__keyword">{option.keyword}</span>
      </>
    );
  }
  const { product } = option;
  return (
    <>
      <img
        className="typeahead__thumb"
        src={product.image.url}
        alt=""
        width={40}
        height={40}
        loading="lazy"
        decoding="async"
      />
      <span className="typeahead__product">
        <span className="typeahead__title">{product.title}</span>
        <span className="typeahead__price">
          {formatMoney(money(effectiveCents(product.price), product.price.currency))}
        </span>
      </span>
    </>
  );
};

const Popup = observer(({ vm }: { vm: TypeaheadViewModel }) => {
  if (!vm.expanded) return null;
  const active = vm.activeId;
  return (
    <div className="typeahead__popup">
      <div id={vm.listboxId} role="listbox" aria-label="Search suggestions">
        {vm.groups.map((group) => (
          <div
            key={group.key}
            role="group"
            aria-labelledby={`${vm.idPrefix}-${group.key}`}
            className="typeahead__group"
          >
            <div
              id={`${vm.idPrefix}-${group.key}`}
              role="presentation"
              className="typeahead__group-label"
            >
              {group.label}
            </div>
            {group.options.map((option) => (
              <div
                key={option.id}
                id={option.id}
                role="option"
                aria-selected={option.id === active}
                className={`typeahead__option${option.id === active ? ' typeahead__option--active' : ''}`}
                // Keep focus in the input; the click chooses.
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => vm.choose(option)}
              >
                <OptionContent option={option} />
              </div>
            ))}
          </div>
        ))}
      </div>
    </div>
  );
});

export const SearchBox = observer(() => {
  const container = useContainer();
  const navigate = useNavigate();
  const navigateRef = useRef(navigate);
  const location = useLocation();
  const prefix = `typeahead${useId().replace(/[^A-Za-z0-9_-]/g, '')}`;
  const locationRef = useRef(location.search);
  useEffect(() => {
    navigateRef.current = navigate;
    locationRef.current = location.search;
  }, [navigate, location.search]);

  const [vm] = useState(
    () =>
      new TypeaheadViewModel(
        {
          typeahead: container.get<Typeahead>(TYPES.Typeahead),
          // A new search keeps the sort and tab of the current one (spec §2 search state).
          searchHref: (keyword) => {
            const { sort, tab } = pickSearchState(locationRef.current);
            return withSearchState(SEARCH_PATH, {
              keyword,
              ...(sort === undefined ? {} : { sort }),
              ...(tab === undefined ? {} : { tab }),
            });
          },
          navigate: (to) => {
            void navigateRef.current(to);
          },
        },
        prefix,
      ),
  );

  // On the search page the box shows the page's keyword (also after back and forward).
  const urlKeyword =
    location.pathname === SEARCH_PATH ? (pickSearchState(location.search).keyword ?? '') : null;
  useEffect(() => {
    if (urlKeyword !== null) vm.syncText(urlKeyword);
  }, [vm, urlKeyword]);
  useEffect(() => () => vm.dispose(), [vm]);

  // A server-rendered page is usable before its scripts arrive, and React takes over the box
  // without telling anyone what was typed into it meanwhile: text that differs from what the first
  // render drew is taken up once, after hydration (and after the page's own keyword, which it
  // overrides), and suggested for when the box still has focus (the shopper is typing).
  const input = useRef<HTMLInputElement>(null);
  const drawn = useRef(vm.text);
  useEffect(() => {
    const typed = input.current?.value;
    if (typed === undefined || typed === drawn.current) return;
    if (document.activeElement === input.current) vm.setText(typed);
    else vm.syncText(typed);
  }, [vm]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    vm.submit();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        vm.move(1);
        break;
      case 'ArrowUp':
        event.preventDefault();
        vm.move(-1);
        break;
      case 'Enter':
        if (vm.chooseActive()) event.preventDefault();
        break;
      case 'Escape':
        if (vm.expanded || vm.text !== '') event.preventDefault();
        vm.escape();
        break;
      default:
        break;
    }
  };

  const inputId = `${prefix}-input`;
  return (
    // Before hydration, Enter submits the form itself: the search page, which the server renders.
    <form
      className="search-box typeahead"
      role="search"
      action={SEARCH_PATH}
      method="get"
      onSubmit={submit}
    >
      <label htmlFor={inputId} className="visually-hidden">
        Search
      </label>
      <input
        ref={input}
        id={inputId}
        name="keyword"
        type="search"
        placeholder="Search faucets, sinks, parts…"
        autoComplete="off"
        enterKeyHint="search"
        maxLength={100}
        aria-autocomplete="list"
        aria-haspopup="listbox"
        {...(vm.expanded ? { 'aria-controls': vm.listboxId } : {})}
        {...(vm.activeId === undefined ? {} : { 'aria-activedescendant': vm.activeId })}
        value={vm.text}
        onChange={(e) => vm.setText(e.target.value)}
        onFocus={() => vm.focus()}
        onBlur={() => vm.close()}
        onKeyDown={onKeyDown}
      />
      <button type="submit" className="search-box__submit" aria-label="Submit search">
        <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20">
          <circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="m15.5 15.5 5 5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
      <Popup vm={vm} />
      <div className="visually-hidden" aria-live="polite" aria-atomic="true">
        {vm.announcement}
      </div>
    </form>
  );
});
