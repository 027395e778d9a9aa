import { PanelLeftClose, PanelLeftOpen } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { SIDEBAR_COPY, SIDEBAR_TESTIDS } from './copy';
import type { SidebarPanel } from './useSidebarPanel';

export const SIDEBAR_PANEL_ID = 'sidebar';

/** Spec §2 header: the sidebar collapse toggle (signed-in). */
export function SidebarToggle({ panel }: { panel: SidebarPanel }) {
  const Icon = panel.collapsed ? PanelLeftOpen : PanelLeftClose;
  const label = panel.collapsed ? SIDEBAR_COPY.expandSidebar : SIDEBAR_COPY.collapseSidebar;
  return (
    <Button
      variant="ghost"
      size="icon"
      className="h-8 w-8"
      onClick={panel.toggle}
      aria-label={label}
      title={label}
      aria-expanded={!panel.collapsed}
      aria-controls={SIDEBAR_PANEL_ID}
      data-testid={SIDEBAR_TESTIDS.toggle}
    >
      <Icon className="h-4 w-4" aria-hidden />
    </Button>
  );
}
