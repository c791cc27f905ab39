import { describe, expect, it } from 'vitest';
import { pathsToFetch } from '../../src/modules/ssr/page-data';

const query = (key: unknown[], status = 'success') => ({ queryKey: key, state: { status, data: { big: 'x' } } });

describe('pathsToFetch', () => {
  it('lists the API paths of plain reads instead of their answers', () => {
    const json = JSON.stringify({ mutations: [], queries: [query(['/api/site']), query(['/api/products/featured'])] });
    expect(JSON.parse(pathsToFetch(json)!)).toEqual({ fetch: ['/api/site', '/api/products/featured'] });
  });

  it('keeps the data embedded when an answer failed or its key is more than a path', () => {
    expect(pathsToFetch(JSON.stringify({ queries: [query(['/api/site'], 'error')] }))).toBeUndefined();
    expect(pathsToFetch(JSON.stringify({ queries: [query(['/api/site', { page: 2 }])] }))).toBeUndefined();
    expect(pathsToFetch(JSON.stringify({ queries: [query(['https://elsewhere.example/api'])] }))).toBeUndefined();
  });

  it('keeps a state without answers as it is', () => {
    expect(pathsToFetch('{}')).toBeUndefined();
    expect(pathsToFetch('{"mutations":[],"queries":[]}')).toBeUndefined();
  });

  it('cannot close its script element', () => {
    const json = JSON.stringify({ queries: [query(['/api/x</script>'])] });
    expect(pathsToFetch(json)).not.toContain('<');
  });
});
