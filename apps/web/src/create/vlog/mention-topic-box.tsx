import { cleanPastedText, MENTION_MARKER, MESSAGES, type SelectedCharacter } from '@storyloom/core';
import { clsx } from 'clsx';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';

interface Popup {
  query: string;
  /** The candidates, computed when the list opens (the mention list loads lazily). */
  matches: SelectedCharacter[];
  active: number;
}

const MENTION_CLASS =
  'mx-0.5 rounded-md bg-brand-100 px-1 py-0.5 font-medium text-brand-800 select-all';

/** A mention token: "@Name", not editable, deleted as a whole. */
function mentionNode(name: string): HTMLSpanElement {
  const span = document.createElement('span');
  span.contentEditable = 'false';
  span.dataset.mention = name;
  span.className = MENTION_CLASS;
  span.textContent = `${MENTION_MARKER}${name}`;
  return span;
}

/** The box's text: mentions as "@Name", everything else as typed. */
function serialize(node: Node): string {
  let text = '';
  node.childNodes.forEach((child) => {
    if (child.nodeType === Node.TEXT_NODE) text += child.textContent ?? '';
    else if (child instanceof HTMLElement) {
      if (child.dataset.mention) text += `${MENTION_MARKER}${child.dataset.mention}`;
      else if (child.tagName === 'BR') text += ' ';
      else text += serialize(child);
    }
  });
  return text.replace(/\u00a0/g, ' ');
}

/** Fills the box from a value: the characters' mentions become tokens. */
function render(root: HTMLElement, value: string, names: readonly string[]) {
  root.replaceChildren();
  const sorted = [...names].sort((a, b) => b.length - a.length);
  let rest = value;
  while (rest.length > 0) {
    let at = -1;
    let name = '';
    for (const candidate of sorted) {
      const index = rest.indexOf(`${MENTION_MARKER}${candidate}`);
      if (index !== -1 && (at === -1 || index < at)) {
        at = index;
        name = candidate;
      }
    }
    if (at === -1) {
      root.append(document.createTextNode(rest));
      break;
    }
    if (at > 0) root.append(document.createTextNode(rest.slice(0, at)));
    root.append(mentionNode(name));
    rest = rest.slice(at + name.length + 1);
  }
}

/** The "@query" just before the caret, if the caret is in a text node of the box. */
function queryAtCaret(root: HTMLElement): { node: Text; start: number; query: string } | null {
  const selection = window.getSelection();
  if (!selection || selection.rangeCount === 0 || !selection.isCollapsed) return null;
  const node = selection.anchorNode;
  if (!node || node.nodeType !== Node.TEXT_NODE || !root.contains(node)) return null;
  const before = (node.textContent ?? '').slice(0, selection.anchorOffset);
  const match = /(^|\s)@([^\s@]*)$/.exec(before);
  if (!match) return null;
  return { node: node as Text, start: before.length - match[2]!.length - 1, query: match[2]! };
}

/**
 * The vlog topic box (spec 2 §2, §5): typing @ lists the picked characters (computed when the
 * list opens) and a pick becomes a non-editable "@Name" token; with no character picked the
 * list says "Please select a character first", with no match "No matches found". Pasted text
 * arrives as plain text with blank lines collapsed and ends trimmed.
 */
export function MentionTopicBox(props: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  characters: readonly SelectedCharacter[];
  placeholder: string;
  invalid?: boolean;
}) {
  const box = useRef<HTMLDivElement>(null);
  const emitted = useRef<string | null>(null);
  const [popup, setPopup] = useState<Popup | null>(null);
  const names = props.characters.map((c) => c.name);
  const namesKey = names.join('\u0000');

  // A value from outside (the first character's mention, a reset) redraws the box.
  useLayoutEffect(() => {
    if (!box.current || props.value === emitted.current) return;
    render(box.current, props.value, namesKey ? namesKey.split('\u0000') : []);
    emitted.current = props.value;
  }, [props.value, namesKey]);

  useEffect(() => {
    if (!popup) return;
    const close = (event: MouseEvent) => {
      if (!box.current?.parentElement?.contains(event.target as Node)) setPopup(null);
    };
    document.addEventListener('mousedown', close);
    return () => document.removeEventListener('mousedown', close);
  }, [popup]);

  function emit() {
    if (!box.current) return;
    const value = serialize(box.current);
    emitted.current = value;
    props.onChange(value);
  }

  function refreshPopup() {
    if (!box.current) return;
    const at = queryAtCaret(box.current);
    if (!at) {
      setPopup(null);
      return;
    }
    const query = at.query.toLowerCase();
    const matches = props.characters.filter((c) => c.name.toLowerCase().startsWith(query));
    setPopup({ query: at.query, matches, active: 0 });
  }

  function pick(character: SelectedCharacter) {
    const root = box.current;
    if (!root) return;
    root.focus();
    const at = queryAtCaret(root);
    if (!at) return;
    const { node, start, query } = at;
    const after = node.splitText(start);
    after.textContent = (after.textContent ?? '').slice(query.length + 1);
    const token = mentionNode(character.name);
    const space = document.createTextNode('\u00a0');
    node.parentNode!.insertBefore(token, after);
    node.parentNode!.insertBefore(space, after);
    const range = document.createRange();
    range.setStart(space, 1);
    range.collapse(true);
    const selection = window.getSelection();
    selection?.removeAllRanges();
    selection?.addRange(range);
    setPopup(null);
    emit();
  }

  return (
    <div className="relative">
      <div
        id={props.id}
        ref={box}
        role="textbox"
        aria-multiline="true"
        aria-invalid={props.invalid ? true : undefined}
        aria-label="Vlog topic"
        contentEditable
        suppressContentEditableWarning
        data-placeholder={props.placeholder}
        onInput={() => {
          emit();
          refreshPopup();
        }}
        onKeyUp={(e) => {
          if (!['ArrowDown', 'ArrowUp', 'Enter', 'Escape', 'Tab'].includes(e.key)) refreshPopup();
        }}
        onClick={refreshPopup}
        onKeyDown={(e) => {
          if (popup && popup.matches.length > 0) {
            if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
              e.preventDefault();
              const step = e.key === 'ArrowDown' ? 1 : -1;
              setPopup({
                ...popup,
                active: (popup.active + step + popup.matches.length) % popup.matches.length,
              });
              return;
            }
            if (e.key === 'Enter' || e.key === 'Tab') {
              e.preventDefault();
              pick(popup.matches[popup.active]!);
              return;
            }
          }
          if (e.key === 'Escape') setPopup(null);
          // The topic is one paragraph.
          if (e.key === 'Enter') e.preventDefault();
        }}
        onPaste={(e) => {
          e.preventDefault();
          const text = cleanPastedText(e.clipboardData.getData('text/plain')).replace(/\n/g, ' ');
          document.execCommand('insertText', false, text);
        }}
        className={clsx(
          'min-h-32 rounded-2xl border bg-white p-4 text-sm leading-7 whitespace-pre-wrap text-zinc-900 shadow-sm focus:ring-2 focus:ring-brand-100 focus:outline-none',
          'empty:before:text-zinc-400 empty:before:content-[attr(data-placeholder)]',
          props.invalid ? 'border-red-400' : 'border-zinc-300 focus:border-brand-500',
        )}
      />
      {popup ? (
        <div
          role="listbox"
          aria-label="Mention a character"
          className="absolute top-full left-4 z-20 mt-1 w-64 overflow-hidden rounded-xl border border-zinc-200 bg-white py-1 shadow-lg"
        >
          {props.characters.length === 0 ? (
            <p className="px-3 py-2 text-sm text-zinc-500">
              {MESSAGES.generate.selectCharacterFirst}
            </p>
          ) : popup.matches.length === 0 ? (
            <p className="px-3 py-2 text-sm text-zinc-500">{MESSAGES.generate.noMatches}</p>
          ) : (
            popup.matches.map((c, index) => (
              <button
                key={c.id}
                type="button"
                role="option"
                aria-selected={index === popup.active}
                onMouseDown={(e) => {
                  e.preventDefault();
                  pick(c);
                }}
                className={clsx(
                  'flex w-full items-center gap-2 px-3 py-1.5 text-left text-sm',
                  index === popup.active
                    ? 'bg-brand-50 text-brand-800'
                    : 'text-zinc-800 hover:bg-zinc-50',
                )}
              >
                <img src={c.image_url} alt="" className="size-6 rounded-full object-cover" />
                {c.name}
              </button>
            ))
          )}
        </div>
      ) : null}
    </div>
  );
}
