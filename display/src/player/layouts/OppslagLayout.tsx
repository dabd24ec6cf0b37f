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

/** Layout "oppslag": the square 1080×1080 banner, partner logo, no ad slots. */
export function OppslagLayout(props: LayoutProps & { vertical: boolean }) {
  if (props.vertical) {
    return (
      <div className="flex h-full flex-col items-stretch" style={{ gap: GAP }}>
        <Banner {...props} />
        <Header {...props} row />
        <div className="flex min-h-0 flex-1" style={{ gap: GAP }}>
          <Column className="min-w-0 flex-1">
            <Notes {...props} />
          </Column>
          <Column width={500} className="shrink-0">
            <TransitPanel {...props} rows={4} height={330} />
            <Info {...props} />
          </Column>
        </div>
        <div className="flex justify-center">
          <Ad {...props} slot="partnerLogo" />
        </div>
      </div>
    );
  }
  return (
    <div className="flex h-full" style={{ gap: GAP }}>
      <Banner {...props} />
      <Column className="min-w-0 flex-1">
        <Header {...props} row />
        <Notes {...props} />
        <TransitPanel {...props} rows={3} height={280} />
        <Info {...props} />
        <div className="flex justify-center">
          <Ad {...props} slot="partnerLogo" />
        </div>
      </Column>
    </div>
  );
}
