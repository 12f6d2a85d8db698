import { writeFileSync } from 'node:fs';
import { apiRoutes } from '../app.ts';
import { openApiYaml } from './document.ts';

// `npm run openapi`: regenerates openapi.yaml from the route definitions.
writeFileSync(new URL('../../openapi.yaml', import.meta.url), openApiYaml(apiRoutes()));
console.log('openapi.yaml written');
