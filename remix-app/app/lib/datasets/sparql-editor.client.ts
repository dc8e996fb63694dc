import { autocompletion, closeBrackets, type Completion, type CompletionContext } from '@codemirror/autocomplete';
import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import { bracketMatching, defaultHighlightStyle, StreamLanguage, syntaxHighlighting } from '@codemirror/language';
import { sparql } from '@codemirror/legacy-modes/mode/sparql';
import { EditorState } from '@codemirror/state';
import { EditorView, keymap, placeholder } from '@codemirror/view';

export interface CompletionTerms {
  prefixes: [string, string][];
  terms: string[];
}

const KEYWORDS = ['SELECT', 'DISTINCT', 'WHERE', 'PREFIX', 'FILTER', 'OPTIONAL', 'UNION', 'GROUP BY', 'ORDER BY', 'LIMIT', 'OFFSET', 'COUNT', 'ASK', 'CONSTRUCT', 'DESCRIBE', 'BIND', 'VALUES'];

function declarePrefix(view: EditorView, prefix: string, namespace: string): void {
  const text = view.state.doc.toString();
  if (new RegExp(`PREFIX\\s+${prefix}:`, 'i').test(text)) return;
  view.dispatch({ changes: { from: 0, insert: `PREFIX ${prefix}: <${namespace}>\n` } });
}

function completions(terms: CompletionTerms) {
  const namespaces = new Map(terms.prefixes);
  const options: Completion[] = [
    ...terms.prefixes.map(([prefix, namespace]): Completion => ({ label: `${prefix}:`, detail: namespace, type: 'namespace', apply: `${prefix}: <${namespace}>` })),
    ...terms.terms.map((term): Completion => {
      const prefix = term.includes(':') && !term.startsWith('<') ? term.slice(0, term.indexOf(':')) : null;
      return {
        label: term,
        type: 'variable',
        apply: (view, _completion, from, to) => {
          view.dispatch({ changes: { from, to, insert: term } });
          const namespace = prefix === null ? undefined : namespaces.get(prefix);
          if (prefix !== null && namespace) declarePrefix(view, prefix, namespace);
        },
      };
    }),
    ...KEYWORDS.map((keyword): Completion => ({ label: keyword, type: 'keyword' })),
  ];
  return (context: CompletionContext) => {
    const word = context.matchBefore(/[\w:<>#/.-]*/);
    if (!word || (word.from === word.to && !context.explicit)) return null;
    return { from: word.from, options, validFor: /^[\w:-]*$/ };
  };
}

/** CodeMirror 6 over the query field (ADR 0029); the hidden textarea follows every change, so the post is the same as without JavaScript. */
export function createEditor(host: HTMLElement, textarea: HTMLTextAreaElement, terms: CompletionTerms, labelId: string): EditorView {
  return new EditorView({
    parent: host,
    state: EditorState.create({
      doc: textarea.value,
      extensions: [
        history(),
        keymap.of([...defaultKeymap, ...historyKeymap, indentWithTab]),
        StreamLanguage.define(sparql),
        syntaxHighlighting(defaultHighlightStyle),
        bracketMatching(),
        closeBrackets(),
        autocompletion({ override: [completions(terms)] }),
        placeholder(textarea.placeholder),
        EditorView.lineWrapping,
        EditorView.contentAttributes.of({ 'aria-labelledby': labelId, 'aria-multiline': 'true' }),
        EditorView.updateListener.of((update) => {
          if (update.docChanged) textarea.value = update.state.doc.toString();
        }),
      ],
    }),
  });
}
