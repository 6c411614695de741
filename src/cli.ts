#!/usr/bin/env node
import { exitUnlessSupportedNode } from './supported-node';

exitUnlessSupportedNode();
// Loaded only after the check: the commands need APIs an older Node.js lacks.
void import('./cli-main');
