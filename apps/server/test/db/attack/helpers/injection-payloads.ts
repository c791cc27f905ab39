/** Strings that break out of SQL built by concatenation. Stored as text, they must come back unchanged. */
export const SQL_INJECTIONS: readonly string[] = [
  "' OR 1=1 --",
  "' OR '1'='1",
  "'; DROP TABLE items; --",
  "'); DROP TABLE users; --",
  '" OR ""="',
  '1; SELECT pg_sleep(5)',
  "1' AND (SELECT 1 FROM pg_sleep(5)) --",
  "' UNION SELECT email, password_hash FROM users --",
  "' UNION SELECT NULL, NULL, NULL, NULL --",
  "admin'/*",
  '*/ OR /**/ 1=1 #',
  '1 OR 1=1',
  "\\'; DELETE FROM sessions; --",
  '\u2019 OR 1=1 --',
  '\u02bc OR \u02bc\u02bc=\u02bc',
  "'; CREATE TABLE pwned (x text); --",
  "'; ATTACH DATABASE '/tmp/pwn.db' AS pwn; --",
  "'||(SELECT sqlite_version())||'",
  '%27%20OR%201%3D1--',
  "' OR 1=1; UPDATE users SET email='x@evil.test' --",
];

/** Strings that run script if a page writes them as HTML, an attribute or a URL. Each sets window.__xss. */
export const XSS_PAYLOADS: readonly string[] = [
  '<script>window.__xss=1</script>',
  '<img src=x onerror="window.__xss=1">',
  '<svg onload="window.__xss=1"></svg>',
  'javascript:window.__xss=1',
  '</script><script>window.__xss=1</script>',
  '"><img src=x onerror=window.__xss=1>',
  "' onmouseover='window.__xss=1' x='",
  '${window.__xss=1}',
  '{{constructor.constructor("window.__xss=1")()}}',
  '<iframe srcdoc="<script>parent.__xss=1</script>"></iframe>',
  '<a href="javascript:window.__xss=1">click</a>',
  '<details open ontoggle="window.__xss=1">',
  '<!--<img src="--><img src=x onerror=window.__xss=1//">',
  '<math><mi xlink:href="javascript:window.__xss=1">x</mi></math>',
];

export const INJECTION_PAYLOADS: readonly string[] = [...SQL_INJECTIONS, ...XSS_PAYLOADS];
