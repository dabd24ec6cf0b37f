import { useAtomValue } from 'jotai';
import { DefaultLayout } from './layouts/DefaultLayout';
import { OppslagLayout } from './layouts/OppslagLayout';
import { Screen } from './Screen';
import { playerStateAtom } from './state';
import { useT } from './use-t';

/** The screen: the manifest's layout and orientation with the current content. */
export function Player() {
  const { manifest, content, online } = useAtomValue(playerStateAtom);
  const t = useT();
  if (!manifest) {
    return (
      <div className="fixed inset-0 flex items-center justify-center bg-[#019939] text-[32px] font-semibold text-white">
        {t('status.loading')}
      </div>
    );
  }
  const vertical = manifest.orientation === 1;
  const Layout = manifest.layout === 'oppslag' ? OppslagLayout : DefaultLayout;
  return (
    <Screen vertical={vertical}>
      <Layout manifest={manifest} content={content} vertical={vertical} />
      {/* A small, unobtrusive marker so a caretaker can tell a disconnected screen at a glance. */}
      <div
        className={`absolute right-2 bottom-2 h-3 w-3 rounded-full ${online ? 'bg-transparent' : 'bg-[#e0a100]'}`}
        data-testid="connection"
        data-online={online}
        title={online ? '' : t('status.offline')}
      />
    </Screen>
  );
}
