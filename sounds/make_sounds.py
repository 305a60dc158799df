"""Synthesise the app's own sound effects into this folder (run: python sounds/make_sounds.py).

Pure standard library: short, quiet 16-bit mono WAV files — a dice rattle, a soft click, a move
tap, a capture thump, a flip swish and a small fanfare.
"""

import math
import random
import struct
import wave
from pathlib import Path

RATE = 22050
HERE = Path(__file__).parent


def write(name, samples):
    peak = max(1e-9, max(abs(s) for s in samples))
    gain = 0.55 / peak
    with wave.open(str(HERE / f"{name}.wav"), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(b"".join(struct.pack("<h", int(max(-1, min(1, s * gain)) * 32767)) for s in samples))


def env(i, n, attack=0.005, decay=8.0):
    t = i / RATE
    a = min(1.0, t / attack) if attack else 1.0
    return a * math.exp(-decay * i / n)


def tone(freq, seconds, decay=6.0, harmonics=(1.0, 0.4, 0.2), attack=0.004):
    n = int(RATE * seconds)
    return [env(i, n, attack, decay) * sum(a * math.sin(2 * math.pi * freq * (k + 1) * i / RATE)
                                          for k, a in enumerate(harmonics)) for i in range(n)]


def clicks(count, seconds, rng, body=2600):
    n = int(RATE * seconds)
    out = [0.0] * n
    for _ in range(count):
        start = int(rng.uniform(0, 0.85) * n)
        length = int(RATE * rng.uniform(0.008, 0.02))
        f = body * rng.uniform(0.7, 1.3)
        for i in range(length):
            if start + i < n:
                out[start + i] += math.exp(-i / (length / 4)) * (math.sin(2 * math.pi * f * i / RATE)
                                                              + rng.uniform(-0.6, 0.6))
    return out


def main():
    rng = random.Random(1927)
    write("dice", clicks(14, 0.45, rng))
    write("click", tone(1800, 0.05, decay=12, harmonics=(1.0, 0.3)))
    write("move", [a + 0.3 * b for a, b in zip(tone(420, 0.12, decay=10), clicks(1, 0.12, rng, 1200), strict=True)])
    thump = tone(95, 0.35, decay=7, harmonics=(1.0, 0.5, 0.25, 0.1))
    write("capture", [a + 0.2 * b for a, b in zip(thump, clicks(3, 0.35, rng, 700), strict=True)])
    n = int(RATE * 0.18)
    write("flip", [math.sin(2 * math.pi * (600 + 2400 * i / n) * i / RATE) * env(i, n, 0.01, 5) * 0.5
                   + rng.uniform(-0.2, 0.2) * env(i, n, 0.01, 9) for i in range(n)])
    fanfare = []
    for freq, dur in ((523.25, 0.14), (659.25, 0.14), (783.99, 0.14), (1046.5, 0.45)):
        fanfare += tone(freq, dur, decay=3, harmonics=(1.0, 0.5, 0.3, 0.15))
    write("win", fanfare)


if __name__ == "__main__":
    main()
