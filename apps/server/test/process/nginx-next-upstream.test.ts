import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Nginx } from '../helpers/nginx';

/**
 * The README's nginx block (read from the README by the helper) in front of two stand-in instances:
 * one refusing everything with 503, as an instance shedding load or cut off from its database
 * does, and one answering. Issue 37: the 503 must not reach the visitor when another instance can
 * answer, and a POST must never be sent twice.
 */
interface Instance {
  server: http.Server;
  url: string;
  seen: string[];
}

async function instance(status: number): Promise<Instance> {
  const seen: string[] = [];
  const server = http.createServer((request, response) => {
    seen.push(`${request.method} ${request.url}`);
    request.resume();
    request.on('end', () => {
      response.writeHead(status, { 'content-type': 'application/json', 'retry-after': '5' });
      response.end(JSON.stringify({ status }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
}

let refusing: Instance;
let answering: Instance;
let nginx: Nginx;

beforeAll(async () => {
  refusing = await instance(503);
  answering = await instance(200);
  nginx = await Nginx.start([refusing.url, answering.url]);
  refusing.seen.length = 0;
  answering.seen.length = 0;
});

afterAll(async () => {
  await nginx?.stop();
  for (const { server } of [refusing, answering]) await new Promise((resolve) => server.close(resolve));
});

describe("the README's nginx block", () => {
  it('passes a GET another instance can answer on, so no visitor sees the 503', async () => {
    const statuses = [];
    for (let i = 0; i < 20; i++) statuses.push((await fetch(`${nginx.url}/api/products?page=${i}`)).status);
    expect(statuses).toEqual(Array(20).fill(200));
    expect(answering.seen).toHaveLength(20);
  });

  it('never sends a POST twice: one that reached an instance gets that instance’s answer', async () => {
    const before = refusing.seen.length + answering.seen.length;
    const statuses = [];
    for (let i = 0; i < 6; i++) {
      const response = await fetch(`${nginx.url}/api/inquiries`, { method: 'POST', body: `{"n":${i}}` });
      statuses.push(response.status);
    }
    expect(refusing.seen.length + answering.seen.length - before).toBe(6);
    expect(statuses.every((status) => status === 200 || status === 503)).toBe(true);
  });
});
