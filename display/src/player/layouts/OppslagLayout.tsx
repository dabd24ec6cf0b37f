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

/** Layout "oppslag": the square 1080×1080 banner and the partner logo; no ad slots. */
export function OppslagLayout(props: LayoutProps & { vertical: boolean }) {
  const board = (
    <div className="flex min-h-0 flex-1" style={{ gap: GAP }}>
      <Column className="min-w-0 flex-1">
        <Notes {...props} />
      </Column>
      <Column width={props.vertical ? 480 : 380} className="shrink-0 empty:hidden">
        <TransitPanel {...props} />
      </Column>
    </div>
  );
  const logo = (
    <div className="flex shrink-0 justify-center empty:hidden">
      <Ad {...props} slot="partnerLogo" />
    </div>
  );
  if (props.vertical) {
    return (
      <div className="flex h-full flex-col" style={{ gap: GAP }}>
        <Banner {...props} />
        <Header {...props} row />
        {board}
        <Info {...props} />
        {logo}
      </div>
    );
  }
  return (
    <div className="flex h-full" style={{ gap: GAP }}>
      <Banner {...props} />
      <Column className="min-w-0 flex-1">
        <Header {...props} row compact />
        {board}
        <Info {...props} />
        {logo}
      </Column>
    </div>
  );
}
