/**
 * Syntax highlighting of code blocks with lowlight: highlight.js grammars that answer a syntax
 * tree (hast), never an HTML string. The tree is flattened into runs of text, each with the
 * highlight.js classes around it, which the code block draws as text in spans.
 *
 * Only a common set of languages is registered (the bundle carries each grammar); a block in
 * another language, or with none, is shown unhighlighted. No language is guessed: guessing runs
 * every grammar over the text and is wrong often enough on short snippets.
 *
 * The view loads this module on demand (`loadHighlighter` in `blocks.ts`), so the grammars are
 * a separate chunk fetched with the first code block, not part of every page load.
 */
import { createLowlight } from 'lowlight';
import type { Element, ElementContent, Root } from 'hast';
import bash from 'highlight.js/lib/languages/bash';
import c from 'highlight.js/lib/languages/c';
import cpp from 'highlight.js/lib/languages/cpp';
import csharp from 'highlight.js/lib/languages/csharp';
import css from 'highlight.js/lib/languages/css';
import diff from 'highlight.js/lib/languages/diff';
import dockerfile from 'highlight.js/lib/languages/dockerfile';
import go from 'highlight.js/lib/languages/go';
import ini from 'highlight.js/lib/languages/ini';
import java from 'highlight.js/lib/languages/java';
import javascript from 'highlight.js/lib/languages/javascript';
import json from 'highlight.js/lib/languages/json';
import kotlin from 'highlight.js/lib/languages/kotlin';
import markdown from 'highlight.js/lib/languages/markdown';
import php from 'highlight.js/lib/languages/php';
import python from 'highlight.js/lib/languages/python';
import ruby from 'highlight.js/lib/languages/ruby';
import rust from 'highlight.js/lib/languages/rust';
import shell from 'highlight.js/lib/languages/shell';
import sql from 'highlight.js/lib/languages/sql';
import swift from 'highlight.js/lib/languages/swift';
import typescript from 'highlight.js/lib/languages/typescript';
import xml from 'highlight.js/lib/languages/xml';
import yaml from 'highlight.js/lib/languages/yaml';

const lowlight = createLowlight({ bash, c, cpp, csharp, css, diff, dockerfile, go, ini, java, javascript, json, kotlin, markdown, php, python, ruby, rust, shell, sql, swift, typescript, xml, yaml });
// Names models write that the grammars do not already answer to.
lowlight.registerAlias({ ini: ['toml'], shell: ['console', 'shellsession'], xml: ['html', 'svg'], json: ['jsonc', 'json5'] });

export interface Run {
  readonly text: string;
  /** The highlight.js classes (`hljs-keyword`, …) of the spans around the text; absent for plain text. */
  readonly className?: string;
}

/** Whether `language` (a name or an alias) is highlighted. */
export function isHighlighted(language: string): boolean {
  return language !== '' && lowlight.registered(language);
}

function flatten(nodes: readonly (ElementContent | Root['children'][number])[], classes: string, out: Run[]): void {
  for (const node of nodes) {
    if (node.type === 'text') {
      const last = out[out.length - 1];
      // Neighbouring text with the same classes is one run.
      if (last && last.className === (classes || undefined)) out[out.length - 1] = { text: last.text + node.value, ...(classes ? { className: classes } : {}) };
      else out.push(classes ? { text: node.value, className: classes } : { text: node.value });
    } else if (node.type === 'element') {
      const own = (node as Element).properties?.className;
      const names = Array.isArray(own) ? own.join(' ') : typeof own === 'string' ? own : '';
      flatten(node.children, names ? (classes ? `${classes} ${names}` : names) : classes, out);
    }
  }
}

/** The runs of `code` highlighted as `language`; one plain run when the language is not registered. */
export function highlightRuns(code: string, language: string): Run[] {
  if (!isHighlighted(language)) return [{ text: code }];
  const out: Run[] = [];
  flatten(lowlight.highlight(language, code).children, '', out);
  return out;
}
