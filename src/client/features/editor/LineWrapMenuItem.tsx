import { DropdownMenuCheckboxItem } from '@/components/ui/dropdown-menu';
import { EDITOR_COPY } from './copy';
import { useLineWrap } from './lineWrapSetting';

/** The editor's "Wrap long lines" setting as a menu entry (the theme menu, the phone's menu). */
export function LineWrapMenuItem({ className }: { className?: string }) {
  const [on, setOn] = useLineWrap();
  return (
    <DropdownMenuCheckboxItem
      checked={on}
      onCheckedChange={setOn}
      className={className}
      data-testid="line-wrap-setting"
    >
      {EDITOR_COPY.wrapLines}
    </DropdownMenuCheckboxItem>
  );
}
