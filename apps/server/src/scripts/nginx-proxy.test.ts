import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPOSITORY_ROOT } from '../config.ts';
import { NGINX_SITE_FILE, renderSiteConfig } from './nginx-proxy.ts';

describe('deploy/nginx.conf', () => {
  it('is what the README shows, as it is', async () => {
    const readme = await readFile(path.join(REPOSITORY_ROOT, 'README.md'), 'utf8');
    const shown = /```nginx\n([\s\S]*?)```/.exec(readme)?.[1];
    expect(shown).toBe(await readFile(NGINX_SITE_FILE, 'utf8'));
  });

  it('runs with the ports of this machine, and refuses a file whose port lines changed shape', async () => {
    const site = await readFile(NGINX_SITE_FILE, 'utf8');
    const rendered = renderSiteConfig(site, { listen: 18080, instances: [18081, 18082] });
    expect(rendered).toContain('server 127.0.0.1:18081 max_fails=1 fail_timeout=10s;');
    expect(rendered).toContain('server 127.0.0.1:18082 max_fails=1 fail_timeout=10s;');
    expect(rendered).toContain('listen 127.0.0.1:18080;');
    expect(rendered).not.toMatch(/:300[12] |listen 80;/);
    expect(() =>
      renderSiteConfig(site.replace('listen 80;', 'listen 8080;'), {
        listen: 1,
        instances: [2, 3],
      }),
    ).toThrow(/expected one line matching \/listen 80;\/g/);
  });
});
