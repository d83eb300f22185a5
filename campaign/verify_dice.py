import hashlib, hmac, json, sys

def face(seed, game, n, sides, inputs_hash):
    g = game.encode()
    msg = (b"campaign-dice-v1\x00" + len(g).to_bytes(2, "big") + g + n.to_bytes(8, "big")
           + sides.to_bytes(2, "big") + bytes.fromhex(inputs_hash))
    limit, b = 2**32 - 2**32 % sides, 0
    while True:
        d = hmac.new(seed, msg + b.to_bytes(4, "big"), hashlib.sha256).digest()
        for v in (int.from_bytes(d[i:i + 4], "big") for i in range(0, 32, 4)):
            if v < limit:
                return v % sides + 1
        b += 1

events = [json.loads(line) for line in sys.stdin if '"seq"' in line]
seeds = {(e["stream"], e["payload"]["seed_no"]): bytes.fromhex(e["payload"]["seed"])
         for e in events if e["type"] == "SeedRevealed"}
commits = {(e["stream"], e["payload"]["seed_no"]): e["payload"]["commitment"]
           for e in events if e["type"] == "SeedCommitted"}
bad = sum(hashlib.sha256(s).hexdigest() != commits[k] for k, s in seeds.items())
checked = 0
for e in events:
    p = e["payload"]
    if e["type"] == "DiceRolled" and p["mode"] == "fair" and (e["stream"], p["seed_no"]) in seeds:
        seed = seeds[(e["stream"], p["seed_no"])]
        ok = face(seed, e["stream"], p["n"], p["sides"], p["inputs_hash"]) == p["value"]
        bad, checked = bad + (not ok), checked + 1
print(f"{checked} dice re-derived, {bad} problems")
sys.exit(1 if bad else 0)
