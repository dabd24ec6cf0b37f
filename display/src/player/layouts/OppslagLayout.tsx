import {
  Ad,
  Banner,
  Column,
  GAP,
  Header,
  Info,
  type LayoutProps,
  Notes,
  TransitPanel,
} from '../screen-parts';

/**
 * Layout "oppslag": the square banner and the partner logo; no ad slots. The note board is what
 * residents read the screen for (issue 31 item 16): the banner is drawn smaller than its 1080 px
 * so the board gets the full height of a landscape screen (≈39 % of it) and the full width of a
 * portrait one (more than half of it); departures and the info panel take the edges.
 */
export function OppslagLayout(props: LayoutProps & { vertical: boolean }) {
  if (props.vertical) {
    return (
      <div className="flex h-full flex-col" style={{ gap: GAP }}>
        <div className="flex shrink-0 items-start" style={{ gap: GAP }}>
          <Banner {...props} width={440} />
          <Column className="min-w-0 flex-1">
            <Header {...props} compact />
          </Column>
        </div>
        <Notes {...props} />
        <div className="flex shrink-0 empty:hidden" style={{ gap: GAP }}>
          <Column className="min-w-0 flex-1 empty:hidden">
            <TransitPanel {...props} rows={3} />
          </Column>
          <Column width={480} className="shrink-0 empty:hidden">
            <Info {...props} />
            <Ad {...props} slot="partnerLogo" width={480} />
          </Column>
        </div>
      </div>
    );
  }
  return (
    <div className="flex h-full" style={{ gap: GAP }}>
      <Column width={640} className="shrink-0">
        <Banner {...props} width={640} />
        <Header {...props} />
      </Column>
      <Column className="min-w-0 flex-1">
        <Notes {...props} />
      </Column>
      <Column width={460} className="shrink-0 empty:hidden">
        <TransitPanel {...props} />
        <Info {...props} />
        <Ad {...props} slot="partnerLogo" width={460} />
      </Column>
    </div>
  );
}
