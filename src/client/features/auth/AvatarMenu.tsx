import { AtSign, KeyRound, LogOut } from 'lucide-react';
import { useState } from 'react';
import type { User } from '@shared/schemas';
import { useLogout } from '@/api/session';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { COMMENTS_COPY, COMMENTS_TESTIDS } from '@/features/comments/copy';
import { AUTH_COPY, AUTH_TESTIDS } from './testIds';

/** Spec §3: the avatar falls back to the first letter of the name. */
export function Avatar({ user, className = 'h-8 w-8' }: { user: User; className?: string }) {
  const [broken, setBroken] = useState(false);
  if (user.avatarUrl && !broken) {
    return (
      <img
        src={user.avatarUrl}
        alt=""
        referrerPolicy="no-referrer"
        onError={() => setBroken(true)}
        className={`${className} rounded-full object-cover`}
      />
    );
  }
  return (
    <span
      className={`${className} flex items-center justify-center rounded-full bg-primary text-sm font-semibold text-primary-foreground`}
      aria-hidden
    >
      {user.name.trim().charAt(0).toUpperCase() || '?'}
    </span>
  );
}

/** Spec §2: the avatar menu with 'API Token' and 'Logout'. */
export function AvatarMenu({
  user,
  onApiToken,
  onMentions,
}: {
  user: User;
  onApiToken: () => void;
  /** Opens the comments that mention the user (the editor's Mentions list). */
  onMentions?: () => void;
}) {
  const logout = useLogout();
  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        className="rounded-full focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        aria-label={AUTH_COPY.accountMenu(user.name)}
        data-testid={AUTH_TESTIDS.avatarMenu}
      >
        <Avatar user={user} />
      </DropdownMenuTrigger>
      <DropdownMenuContent className="min-w-[12rem]">
        <DropdownMenuLabel className="font-normal">
          <span className="block truncate text-sm font-semibold text-foreground">{user.name}</span>
          {user.email && <span className="block truncate text-xs">{user.email}</span>}
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        {onMentions && (
          <DropdownMenuItem onSelect={onMentions} data-testid={COMMENTS_TESTIDS.mentions}>
            <AtSign className="h-4 w-4" aria-hidden />
            {COMMENTS_COPY.mentions}
          </DropdownMenuItem>
        )}
        <DropdownMenuItem onSelect={onApiToken} data-testid={AUTH_TESTIDS.apiToken}>
          <KeyRound className="h-4 w-4" aria-hidden />
          {AUTH_COPY.apiToken}
        </DropdownMenuItem>
        <DropdownMenuItem
          onSelect={() => logout.mutate()}
          disabled={logout.isPending}
          data-testid={AUTH_TESTIDS.logout}
        >
          <LogOut className="h-4 w-4" aria-hidden />
          {AUTH_COPY.logout}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
