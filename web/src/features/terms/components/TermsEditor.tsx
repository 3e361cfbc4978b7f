import { RichTextEditor, Link } from '@mantine/tiptap';
import '@mantine/tiptap/styles.css';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useTranslation } from 'react-i18next';
import { RICH_TEXT_EDITOR_HEIGHT } from '@portal/proto';

/**
 * The terms' rich-text editor (Mantine's tiptap editor, 715 px high as spec §9 says): headings,
 * emphasis, lists, quotes, links. It edits HTML; the server sanitises what it stores.
 */
export function TermsEditor({ value, onChange, label }: { value: string; onChange: (html: string) => void; label: string }) {
  const { t } = useTranslation();
  const editor = useEditor({
    extensions: [StarterKit.configure({ link: false }), Link.configure({ openOnClick: false })],
    content: value,
    immediatelyRender: true,
    editorProps: { attributes: { role: 'textbox', 'aria-multiline': 'true', 'aria-label': label } },
    onUpdate: ({ editor: e }) => onChange(e.getHTML()),
  });
  const labels = {
    boldControlLabel: t('terms.editor_bold'), italicControlLabel: t('terms.editor_italic'), underlineControlLabel: t('terms.editor_underline'),
    strikeControlLabel: t('terms.editor_strike'), h2ControlLabel: t('terms.editor_h2'), h3ControlLabel: t('terms.editor_h3'),
    bulletListControlLabel: t('terms.editor_bullets'), orderedListControlLabel: t('terms.editor_numbers'), blockquoteControlLabel: t('terms.editor_quote'),
    linkControlLabel: t('terms.editor_link'), unlinkControlLabel: t('terms.editor_unlink'), undoControlLabel: t('terms.editor_undo'), redoControlLabel: t('terms.editor_redo'),
    linkEditorInputLabel: t('terms.editor_link_url'), linkEditorInputPlaceholder: 'https://example.com/', linkEditorSave: t('common.save'),
    linkEditorExternalLink: t('terms.editor_link_new_tab'), linkEditorInternalLink: t('terms.editor_link_same_tab'),
  };
  return (
    <RichTextEditor editor={editor} labels={labels}>
      <RichTextEditor.Toolbar sticky>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.Bold />
          <RichTextEditor.Italic />
          <RichTextEditor.Underline />
          <RichTextEditor.Strikethrough />
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.H2 />
          <RichTextEditor.H3 />
          <RichTextEditor.BulletList />
          <RichTextEditor.OrderedList />
          <RichTextEditor.Blockquote />
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.Link />
          <RichTextEditor.Unlink />
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.Undo />
          <RichTextEditor.Redo />
        </RichTextEditor.ControlsGroup>
      </RichTextEditor.Toolbar>
      <div style={{ height: RICH_TEXT_EDITOR_HEIGHT, overflowY: 'auto' }} data-testid="terms-editor">
        <RichTextEditor.Content mih="100%" />
      </div>
    </RichTextEditor>
  );
}
