import { exitUnlessSupportedNode } from './supported-node';

exitUnlessSupportedNode();
// Loaded only after the check: the server needs APIs an older Node.js lacks.
void import('./server-main');
