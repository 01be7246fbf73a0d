// Prints every word of a cspell dictionary trie (.trie.gz), one a line: the Finnish list's source
// (npm @cspell/dict-fi-fi) ships its word forms only in this form. Run it from a folder where
// `npm install cspell-trie-lib@9.7.0` was done: build_lists.py words --finnish DIR calls it.
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const lib = join(process.cwd(), 'node_modules', 'cspell-trie-lib', 'dist', 'index.js');
const { importTrie, iteratorTrieWords } = await import(pathToFileURL(lib).href);
const text = gunzipSync(readFileSync(process.argv[2])).toString('utf8');
const root = importTrie(text.split('\n').map((line) => line + '\n'));
const out = [];
for (const word of iteratorTrieWords(root)) {
  out.push(word);
  if (out.length === 65536) {
    process.stdout.write(out.join('\n') + '\n');
    out.length = 0;
  }
}
if (out.length) process.stdout.write(out.join('\n') + '\n');
