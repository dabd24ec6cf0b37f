import { EditorContent, useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect } from 'react';

/** The text typed over a template banner's artwork (HTML, as the display renders it). */
export function BannerTextEditor({
  value,
  onChange,
  label,
  color,
  background,
}: {
  value: string;
  onChange: (html: string) => void;
  label: string;
  color?: string;
  background?: string;
}) {
  const editor = useEditor({
    extensions: [StarterKit.configure({ heading: { levels: [1, 2] } })],
    content: value,
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : e.getHTML()),
    editorProps: {
      attributes: {
        'aria-label': label,
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
    <div
      className="rounded-md border border-slate-300 bg-cover bg-center focus-within:ring-2 focus-within:ring-primary-500"
      style={{ color, backgroundImage: background ? `url("${background}")` : undefined }}
    >
      <EditorContent editor={editor} />
    </div>
  );
}
