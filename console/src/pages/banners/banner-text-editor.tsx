import { EditorContent, useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useId } from 'react';
import { RichTextToolbar } from '../notes/note-editor';

/**
 * The text typed over a template banner's artwork (HTML, as the display renders it), with a visible
 * label, the same formatting toolbar as notes, and a placeholder while it is empty.
 */
export function BannerTextEditor({
  value,
  onChange,
  label,
  placeholder,
  color,
  background,
}: {
  value: string;
  onChange: (html: string) => void;
  label: string;
  placeholder?: string;
  color?: string;
  background?: string;
}) {
  const labelId = useId();
  const editor = useEditor({
    extensions: [StarterKit.configure({ heading: { levels: [1, 2] } })],
    content: value,
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : e.getHTML()),
    editorProps: {
      attributes: {
        'aria-labelledby': labelId,
        role: 'textbox',
        'aria-multiline': 'true',
        class: 'prose min-h-40 max-w-none p-4 outline-none',
      },
    },
  });
  // A template chosen after the editor exists replaces its text.
  useEffect(() => {
    if (editor && value !== editor.getHTML() && !(value === '' && editor.isEmpty))
      editor.commands.setContent(value);
  }, [editor, value]);
  return (
    <div className="flex flex-col gap-1">
      <span id={labelId} className="text-sm font-medium text-slate-700">
        {label}
      </span>
      <div className="rounded-md border border-slate-300 bg-white focus-within:ring-2 focus-within:ring-primary-500">
        {editor && <RichTextToolbar editor={editor} />}
        <div
          className="relative bg-cover bg-center"
          style={{ color, backgroundImage: background ? `url("${background}")` : undefined }}
        >
          {editor?.isEmpty && placeholder && (
            <span className="pointer-events-none absolute top-4 left-4 rounded bg-white/80 px-1 text-slate-500">
              {placeholder}
            </span>
          )}
          <EditorContent editor={editor} />
        </div>
      </div>
    </div>
  );
}
