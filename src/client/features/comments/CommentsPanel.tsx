/**
 * The Comments panel of the open diagram: a new comment on a line, then the threads, open ones
 * first and resolved ones after, each with its replies. Anyone who may read the diagram comments
 * and replies; the author edits and deletes their own; the owner and editors resolve and reopen.
 */
import { MessageSquare } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { COMMENT_BODY_MAX, type Comment, type CommentThread, type User } from '@shared/schemas';
import { can, type Access } from '@shared/policy/can';
import { mentionSpans } from '@shared/comments/mentions';
import { useChangeComment, useComments, type CommentChange } from '@/api/comments';
import { readableError } from '@/api/http';
import { Button } from '@/components/ui/button';
import { DialogShell } from '@/components/ui/dialog-shell';
import { toast } from '@/components/ui/toast-store';
import { relativeTime } from '@/features/history/relativeTime';
import { useNow } from '@/lib/useNow';
import { COMMENTS_COPY, COMMENTS_TESTIDS } from './copy';

interface CommentsPanelProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  diagramId: number;
  access: Access;
  user: User;
  /** The line a new comment is on (a gutter click, or the caret's line); null: not a statement. */
  line: number | null;
  /** Shows a thread's line in the text (the panel closes first). */
  onShowLine: (line: number) => void;
}

const FIELD =
  'w-full resize-y rounded-md border border-border bg-background px-3 py-2 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';

/** The body with its `@name` mentions marked. */
function Body({ text }: { text: string }) {
  return (
    <p className="text-sm break-words whitespace-pre-wrap">
      {mentionSpans(text).map((part, index) =>
        part.kind === 'mention' ? (
          <mark key={index} className="rounded bg-primary/15 px-0.5 font-medium text-foreground">
            {part.text}
          </mark>
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
    </p>
  );
}

function CommentForm({
  label,
  submitLabel,
  initial = '',
  onSubmit,
  onCancel,
}: {
  label: string;
  submitLabel: string;
  initial?: string;
  onSubmit: (body: string) => Promise<void>;
  onCancel?: () => void;
}) {
  const id = useId();
  const [body, setBody] = useState(initial);
  const [busy, setBusy] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!body.trim() || busy) return;
    setBusy(true);
    onSubmit(body.trim())
      .then(() => setBody(''))
      .catch(() => undefined)
      .finally(() => setBusy(false));
  };
  return (
    <form onSubmit={submit} className="grid gap-2" data-testid={COMMENTS_TESTIDS.form}>
      <label htmlFor={id} className="text-xs font-medium text-muted-foreground">
        {label}
      </label>
      <textarea
        id={id}
        className={FIELD}
        rows={2}
        maxLength={COMMENT_BODY_MAX}
        placeholder={COMMENTS_COPY.placeholder}
        value={body}
        onChange={(event) => setBody(event.target.value)}
        data-testid={COMMENTS_TESTIDS.body}
      />
      <div className="flex justify-end gap-2">
        {onCancel && (
          <Button size="sm" variant="ghost" onClick={onCancel}>
            {COMMENTS_COPY.cancel}
          </Button>
        )}
        <Button
          size="sm"
          type="submit"
          disabled={!body.trim() || busy}
          data-testid={COMMENTS_TESTIDS.add}
        >
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}

interface ItemProps {
  comment: Comment;
  mine: boolean;
  change: (change: CommentChange) => Promise<void>;
  testId: string;
}

function CommentItem({ comment, mine, change, testId }: ItemProps) {
  const now = useNow();
  const [editing, setEditing] = useState(false);
  return (
    <div className="grid gap-1" data-testid={testId} data-comment-id={comment.id}>
      <div className="flex flex-wrap items-baseline gap-x-2 text-xs text-muted-foreground">
        <span className="font-semibold text-foreground">{comment.author.name}</span>
        <time dateTime={comment.createdAt}>{relativeTime(new Date(comment.createdAt), now)}</time>
      </div>
      {editing ? (
        <CommentForm
          label={COMMENTS_COPY.edit}
          submitLabel={COMMENTS_COPY.save}
          initial={comment.body}
          onCancel={() => setEditing(false)}
          onSubmit={async (body) => {
            await change({ kind: 'update', commentId: comment.id, body: { body } });
            setEditing(false);
          }}
        />
      ) : (
        <Body text={comment.body} />
      )}
      {mine && !editing && (
        <div className="flex gap-1">
          <Button size="sm" variant="ghost" onClick={() => setEditing(true)}>
            {COMMENTS_COPY.edit}
          </Button>
          <Button
            size="sm"
            variant="ghost"
            onClick={() => void change({ kind: 'remove', commentId: comment.id })}
          >
            {COMMENTS_COPY.delete}
          </Button>
        </div>
      )}
    </div>
  );
}

function Thread({
  thread,
  user,
  mayResolve,
  change,
  onShowLine,
}: {
  thread: CommentThread;
  user: User;
  mayResolve: boolean;
  change: (change: CommentChange) => Promise<void>;
  onShowLine: (line: number) => void;
}) {
  const [replying, setReplying] = useState(false);
  const mine = (comment: Comment) => comment.author.name === user.name;
  return (
    <li
      className="grid gap-3 rounded-lg border border-border bg-card p-3"
      data-testid={COMMENTS_TESTIDS.thread}
      data-resolved={thread.resolved}
      aria-label={COMMENTS_COPY.threadLabel(thread.author.name, thread.line)}
    >
      <div className="flex flex-wrap items-center gap-2">
        {thread.line === null ? (
          <span className="text-xs font-medium text-amber-700 dark:text-amber-300">
            {COMMENTS_COPY.outdated}
          </span>
        ) : (
          <Button
            size="sm"
            variant="outline"
            onClick={() => onShowLine(thread.line!)}
            data-testid={COMMENTS_TESTIDS.showLine}
          >
            {COMMENTS_COPY.showLine(thread.line)}
          </Button>
        )}
        {mayResolve && (
          <Button
            size="sm"
            variant="ghost"
            className="ml-auto"
            onClick={() =>
              void change({
                kind: 'update',
                commentId: thread.id,
                body: { resolved: !thread.resolved },
              })
            }
            data-testid={COMMENTS_TESTIDS.resolve}
          >
            {thread.resolved ? COMMENTS_COPY.reopen : COMMENTS_COPY.resolve}
          </Button>
        )}
      </div>
      <CommentItem comment={thread} mine={mine(thread)} change={change} testId="comment-first" />
      {thread.replies.length > 0 && (
        <ul className="grid gap-3 border-l-2 border-border pl-3">
          {thread.replies.map((reply) => (
            <li key={reply.id}>
              <CommentItem
                comment={reply}
                mine={mine(reply)}
                change={change}
                testId={COMMENTS_TESTIDS.reply}
              />
            </li>
          ))}
        </ul>
      )}
      {replying ? (
        <CommentForm
          label={COMMENTS_COPY.replyLabel(thread.author.name)}
          submitLabel={COMMENTS_COPY.reply}
          onCancel={() => setReplying(false)}
          onSubmit={async (body) => {
            await change({ kind: 'add', body: { body, parentId: thread.id } });
            setReplying(false);
          }}
        />
      ) : (
        <div>
          <Button size="sm" variant="ghost" onClick={() => setReplying(true)}>
            {COMMENTS_COPY.reply}
          </Button>
        </div>
      )}
    </li>
  );
}

export function CommentsPanel({
  open,
  onOpenChange,
  diagramId,
  access,
  user,
  line,
  onShowLine,
}: CommentsPanelProps) {
  return (
    <DialogShell
      open={open}
      onOpenChange={onOpenChange}
      icon={MessageSquare}
      title={COMMENTS_COPY.title}
      description={COMMENTS_COPY.description}
      data-testid={COMMENTS_TESTIDS.panel}
      className="max-h-[88vh] max-w-xl grid-rows-[auto_minmax(0,1fr)] overflow-hidden"
    >
      {open && (
        <PanelBody
          diagramId={diagramId}
          access={access}
          user={user}
          line={line}
          onShowLine={(shown) => {
            onOpenChange(false);
            onShowLine(shown);
          }}
        />
      )}
    </DialogShell>
  );
}

function PanelBody({
  diagramId,
  access,
  user,
  line,
  onShowLine,
}: Omit<CommentsPanelProps, 'open' | 'onOpenChange'>) {
  const comments = useComments(diagramId);
  const mutation = useChangeComment(diagramId);
  const change = async (request: CommentChange) => {
    try {
      await mutation.mutateAsync(request);
    } catch (error) {
      toast({
        title: COMMENTS_COPY.failed,
        description: readableError(error),
        variant: 'destructive',
      });
      throw error;
    }
  };
  const threads = comments.data ?? [];
  const groups = [
    { title: COMMENTS_COPY.open, list: threads.filter((thread) => !thread.resolved) },
    { title: COMMENTS_COPY.resolved, list: threads.filter((thread) => thread.resolved) },
  ];
  const mayResolve = can(access, 'resolve-comments');
  return (
    <div className="grid min-h-0 gap-4 overflow-y-auto pr-1">
      {can(access, 'comment') && line === null && (
        <p className="text-sm text-muted-foreground">{COMMENTS_COPY.pickLine}</p>
      )}
      {can(access, 'comment') && line !== null && (
        <CommentForm
          label={COMMENTS_COPY.newOnLine(line)}
          submitLabel={COMMENTS_COPY.add}
          onSubmit={(body) => change({ kind: 'add', body: { body, line } })}
        />
      )}
      {comments.isPending && (
        <p className="text-sm text-muted-foreground">{COMMENTS_COPY.loading}</p>
      )}
      {comments.isError && <p className="text-sm text-red-600">{COMMENTS_COPY.loadFailed}</p>}
      {comments.isSuccess && threads.length === 0 && (
        <p className="text-sm text-muted-foreground">{COMMENTS_COPY.empty}</p>
      )}
      {groups.map(
        (group) =>
          group.list.length > 0 && (
            <section key={group.title} className="grid gap-2">
              <h3 className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">
                {group.title} ({group.list.length})
              </h3>
              <ul className="grid gap-2">
                {group.list.map((thread) => (
                  <Thread
                    key={thread.id}
                    thread={thread}
                    user={user}
                    mayResolve={mayResolve}
                    change={change}
                    onShowLine={onShowLine}
                  />
                ))}
              </ul>
            </section>
          ),
      )}
    </div>
  );
}
