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
 * Layout "default" (styretavla): the 480×895 banner, the small and the large ad, the note board.
 * The board is what residents read the screen for (issue 31 item 16): banner and ads are drawn
 * smaller than their slot sizes (same proportions) so the board gets more than a third of a
 * landscape screen and more than half of a portrait one. Empty slots collapse.
 */
export function DefaultLayout(props: LayoutProps & { vertical: boolean }) {
  if (props.vertical) {
    return (
      <div className="flex h-full flex-col" style={{ gap: GAP }}>
        <div className="flex shrink-0 items-start" style={{ gap: GAP }}>
          <Banner {...props} width={240} />
          <Column className="min-w-0 flex-1">
            <Header {...props} row compact />
            <div className="flex items-start empty:hidden" style={{ gap: GAP }}>
              <Ad {...props} slot="adsLarge" width={160} />
              <Ad {...props} slot="adsSmall" />
            </div>
          </Column>
        </div>
        <Notes {...props} />
        <div className="flex shrink-0 empty:hidden" style={{ gap: GAP }}>
          <Column className="min-w-0 flex-1 empty:hidden">
            <TransitPanel {...props} rows={3} />
          </Column>
          <Column width={480} className="shrink-0 empty:hidden">
            <Info {...props} />
          </Column>
        </div>
      </div>
    );
  }
  return (
    <div className="flex h-full" style={{ gap: GAP }}>
      <Column width={380} className="shrink-0">
        <Banner {...props} width={380} />
        <Ad {...props} slot="adsSmall" width={380} />
      </Column>
      <Column className="min-w-0 flex-1">
        <Notes {...props} />
        <div className="flex shrink-0 empty:hidden" style={{ gap: GAP }}>
          <Column className="min-w-0 flex-1 empty:hidden">
            <TransitPanel {...props} rows={3} />
          </Column>
          <Column width={450} className="shrink-0 empty:hidden">
            <Info {...props} />
          </Column>
        </div>
      </Column>
      <Column width={460} className="shrink-0">
        <Header {...props} />
        <Ad {...props} slot="adsLarge" width={460} />
      </Column>
    </div>
  );
}
