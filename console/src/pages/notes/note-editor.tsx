import { Popover, PopoverButton, PopoverPanel } from '@headlessui/react';
import { type Editor, EditorContent, useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useTranslation } from 'react-i18next';

/**
 * Emoji a notice board uses (spec §2 lists emoji in the editor's toolbar): a laptop keyboard has no
 * emoji key, so the toolbar offers these; a phone's own emoji keyboard works in the text as well.
 * The screens render them with the emoji font the player ships.
 */
// biome-ignore format: the picker's grid, eight to a row
export const NOTE_EMOJI = [
  '📢', '⚠️', '❗', 'ℹ️', '✅', '❌', '📅', '⏰',
  '💧', '🚿', '🔥', '⚡', '🔌', '🛗', '🚪', '🔑',
  '🧹', '🔧', '🛠️', '🗑️', '♻️', '📦', '🚗', '🚲',
  '🎉', '🎄', '🎂', '☕', '😊', '👍', '❤️', '🙏',
  '☀️', '❄️', '🌧️', '🍂', '🌷', '🐕', '🔇', '🏠',
];

/**
 * The note text editor: bold, italic, strike, underline, headings 1 and 2, lists and emoji
 * (spec §2).
 */
export function NoteEditor({
  value,
  onChange,
  label,
}: {
  value: string;
  onChange: (html: string) => void;
  label: string;
}) {
  const { t } = useTranslation('notes');
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [1, 2] },
        code: false,
        codeBlock: false,
        blockquote: false,
        horizontalRule: false,
        link: false,
      }),
    ],
    content: value,
    editorProps: {
      attributes: {
        'aria-label': label,
        role: 'textbox',
        'aria-multiline': 'true',
        class: 'note-editor min-h-32 px-3 py-2 outline-none',
      },
    },
    onUpdate: ({ editor: e }) => onChange(e.getHTML()),
  });
  if (!editor) return null;
  return (
    <div className="rounded-md border border-slate-300 bg-white focus-within:ring-2 focus-within:ring-primary-500">
      <RichTextToolbar editor={editor} />
      <EditorContent editor={editor} />
    </div>
  );
}

/**
 * The formatting toolbar of spec §2 (bold, italic, strike, underline, header 1–2, list, emoji),
 * one implementation for the note editor and the template banner's text editor.
 */
export function RichTextToolbar({ editor }: { editor: Editor }) {
  const { t } = useTranslation('notes');
  const tools = [
    {
      key: 'bold',
      label: t('editor.bold'),
      text: 'B',
      cls: 'font-bold',
      run: () => editor.chain().focus().toggleBold().run(),
      active: editor.isActive('bold'),
    },
    {
      key: 'italic',
      label: t('editor.italic'),
      text: 'I',
      cls: 'italic',
      run: () => editor.chain().focus().toggleItalic().run(),
      active: editor.isActive('italic'),
    },
    {
      key: 'strike',
      label: t('editor.strike'),
      text: 'S',
      cls: 'line-through',
      run: () => editor.chain().focus().toggleStrike().run(),
      active: editor.isActive('strike'),
    },
    {
      key: 'underline',
      label: t('editor.underline'),
      text: 'U',
      cls: 'underline',
      run: () => editor.chain().focus().toggleUnderline().run(),
      active: editor.isActive('underline'),
    },
    {
      key: 'h1',
      label: t('editor.heading1'),
      text: 'H1',
      cls: '',
      run: () => editor.chain().focus().toggleHeading({ level: 1 }).run(),
      active: editor.isActive('heading', { level: 1 }),
    },
    {
      key: 'h2',
      label: t('editor.heading2'),
      text: 'H2',
      cls: '',
      run: () => editor.chain().focus().toggleHeading({ level: 2 }).run(),
      active: editor.isActive('heading', { level: 2 }),
    },
    {
      key: 'list',
      label: t('editor.list'),
      text: '•',
      cls: '',
      run: () => editor.chain().focus().toggleBulletList().run(),
      active: editor.isActive('bulletList'),
    },
  ];
  return (
    <div
      className="flex flex-wrap gap-1 border-b border-slate-200 p-1"
      role="toolbar"
      aria-label={t('editor.toolbar')}
    >
      {tools.map((tool) => (
        <button
          key={tool.key}
          type="button"
          aria-label={tool.label}
          aria-pressed={tool.active}
          title={tool.label}
          // Keep the caret in the editor: a mouse click must not move focus to the button, or the
          // next keystroke (a space) would press the button again instead of reaching the text.
          onMouseDown={(event) => event.preventDefault()}
          onClick={tool.run}
          className={`min-w-8 rounded px-2 py-1 text-sm ${tool.cls} ${tool.active ? 'bg-primary-100 text-primary-800' : 'text-slate-700 hover:bg-slate-100'}`}
        >
          {tool.text}
        </button>
      ))}
      <Popover className="relative">
        <PopoverButton
          aria-label={t('editor.emoji')}
          title={t('editor.emoji')}
          onMouseDown={(event) => event.preventDefault()}
          className="min-w-8 rounded px-2 py-1 text-sm text-slate-700 hover:bg-slate-100"
        >
          😊
        </PopoverButton>
        <PopoverPanel
          aria-label={t('editor.emojiPicker')}
          className="absolute left-0 z-50 mt-1 grid w-72 grid-cols-8 gap-1 rounded-md border border-slate-200 bg-white p-2 shadow-lg"
        >
          {({ close }) => (
            <>
              {NOTE_EMOJI.map((emoji) => (
                <button
                  key={emoji}
                  type="button"
                  aria-label={emoji}
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => {
                    editor.chain().focus().insertContent(emoji).run();
                    close();
                  }}
                  className="rounded p-1 text-xl hover:bg-slate-100"
                >
                  {emoji}
                </button>
              ))}
            </>
          )}
        </PopoverPanel>
      </Popover>
    </div>
  );
}
