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
 * Layout "default" (styretavla): the 480×895 banner with the small ad under it, the note board,
 * and the large ad. Slots without content collapse and the board takes the room.
 */
export function DefaultLayout(props: LayoutProps & { vertical: boolean }) {
  if (props.vertical) {
    return (
      <div className="flex h-full flex-col" style={{ gap: GAP }}>
        <Header {...props} row />
        {/* 480 + 10 + 590 = 1080: the banner and the large ad side by side fill the width exactly. */}
        <div className="flex shrink-0" style={{ gap: 10 }}>
          <Banner {...props} />
          <Column className="min-w-0 flex-1">
            <Ad {...props} slot="adsLarge" />
            <Info {...props} />
          </Column>
        </div>
        <div className="flex min-h-0 flex-1" style={{ gap: GAP }}>
          <Column className="min-w-0 flex-1">
            <Notes {...props} />
          </Column>
          <Column width={480} className="shrink-0">
            <TransitPanel {...props} />
            <Ad {...props} slot="adsSmall" />
          </Column>
        </div>
      </div>
    );
  }
  return (
    <div className="flex h-full" style={{ gap: GAP }}>
      <Column className="shrink-0">
        <Banner {...props} />
        <Ad {...props} slot="adsSmall" />
      </Column>
      <Column className="min-w-0 flex-1">
        <Notes {...props} />
        <TransitPanel {...props} rows={4} />
        <Info {...props} />
      </Column>
      <Column width={590} className="shrink-0">
        <Header {...props} />
        <Ad {...props} slot="adsLarge" />
      </Column>
    </div>
  );
}
