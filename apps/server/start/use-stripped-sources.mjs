// `npm start` imports this before the server (`--import`), so that the process never loads Node's type stripper
// (decision 032).
import { loadStrippedSources, strippedSourcesDirectory } from './stripped-sources.mjs';

loadStrippedSources(strippedSourcesDirectory);
