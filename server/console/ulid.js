// Monotonic ULIDs (26 Crockford base32 characters; the first 10 encode the
// millisecond time), so notification sort keys sort by creation time.
const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
let lastTime = -1;
let lastRandom = [];

export function ulid(now = Date.now()) {
  let random;
  if (now <= lastTime) {
    now = lastTime;
    random = [...lastRandom];
    for (let i = random.length - 1; i >= 0; i--) {  // increment, base 32
      if (random[i] < 31) { random[i]++; break; }
      random[i] = 0;
    }
  } else {
    random = Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b % 32);
  }
  lastTime = now;
  lastRandom = random;
  let time = "";
  let t = now;
  for (let i = 0; i < 10; i++) {
    time = ALPHABET[t % 32] + time;
    t = Math.floor(t / 32);
  }
  return time + random.map((d) => ALPHABET[d]).join("");
}
