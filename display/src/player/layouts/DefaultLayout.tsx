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

/** Layout "default" (styretavla): banner and small ad on the left, large ad on the right. */
export function DefaultLayout(props: LayoutProps & { vertical: boolean }) {
  const { vertical } = props;
  if (vertical) {
    return (
      <div className="flex h-full flex-col" style={{ gap: GAP }}>
        <div className="flex shrink-0 justify-between" style={{ gap: GAP }}>
          <Banner {...props} />
          <Column width={590} className="flex-1">
            <Header {...props} />
            <div className="flex-1" />
            <Ad {...props} slot="adsLarge" />
          </Column>
        </div>
        <Notes {...props} />
        <TransitPanel {...props} rows={4} height={330} />
        <div className="flex shrink-0 items-stretch" style={{ gap: GAP }}>
          <Ad {...props} slot="adsSmall" />
          <div className="min-w-0 flex-1">
            <Info {...props} />
          </div>
        </div>
      </div>
    );
  }
  return (
    <div className="flex h-full" style={{ gap: GAP }}>
      <Column>
        <Banner {...props} />
        <div className="flex-1" />
        <Ad {...props} slot="adsSmall" />
      </Column>
      <Column className="min-w-0 flex-1">
        <Notes {...props} />
        <Info {...props} />
      </Column>
      <Column width={590} className="shrink-0">
        <Header {...props} />
        <TransitPanel {...props} rows={4} height={340} />
        <div className="flex-1" />
        <Ad {...props} slot="adsLarge" />
      </Column>
    </div>
  );
}
