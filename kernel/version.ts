import { readFileSync } from 'node:fs';
import path from 'node:path';
import { projectRoot } from './config.js';

/** The kernel version: the package version, checked against mod `host` ranges. */
export const KERNEL_VERSION: string = (JSON.parse(readFileSync(path.join(projectRoot, 'package.json'), 'utf8')) as { version: string }).version;
