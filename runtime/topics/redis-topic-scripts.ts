import { RedisScript } from "../redis/redis-script.js";

// The two steps of a topic in Redis that must each be one (docs/guide/topics.md,
// "In this process or through Redis"). A topic is a stream, `honest:topic:<name>`,
// each entry's id `<n>-0` where n counts up in `honest:topic:<name>:last`,
// so ids are the topic's own 1, 2, 3… whichever instance publishes.

/**
 * Publishing: the next number, and the entry with it as its id, trimmed to about the window (`MAXLEN ~` trims
 * whole nodes, so at least the window is kept). KEYS: stream, counter; ARGV: text, window. Returns the number.
 */
export const PUBLISH = new RedisScript(`
local id = redis.call('INCR', KEYS[2])
redis.call('XADD', KEYS[1], 'MAXLEN', '~', ARGV[2], string.format('%d-0', id), 'm', ARGV[1])
return id
`);

/**
 * Resuming: the last number given, the oldest entry's id ('' when none is kept), and the entries from ARGV[1] on,
 * read together so that the window they are checked against is the one they come from. KEYS: stream, counter.
 */
export const REPLAY = new RedisScript(`
local last = redis.call('GET', KEYS[2]) or '0'
local oldest = redis.call('XRANGE', KEYS[1], '-', '+', 'COUNT', 1)
local first = ''
if oldest[1] then first = oldest[1][1] end
return {last, first, redis.call('XRANGE', KEYS[1], ARGV[1], '+')}
`);
