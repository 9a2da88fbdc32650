package engine

import "math/rand/v2"

// rng is the game's random source. Its whole state lives in the game state so that a
// config plus moves always reproduce the same shuffles, natively and in wasm.
type rng struct{ pcg rand.PCG }

func newRNG(seed uint64) rng {
	var r rng
	r.pcg.Seed(seed, seed^0x9e3779b97f4a7c15)
	return r
}

// intn returns a uniform int in [0, n) by rejection, so it has no modulo bias.
func (r *rng) intn(n int) int {
	if n <= 1 {
		return 0
	}
	un := uint64(n)
	limit := ^uint64(0) - (^uint64(0) % un)
	for {
		v := r.pcg.Uint64()
		if v < limit {
			return int(v % un)
		}
	}
}

// shuffle permutes b in place (Fisher–Yates).
func (r *rng) shuffle(b []uint8) {
	for i := len(b) - 1; i > 0; i-- {
		j := r.intn(i + 1)
		b[i], b[j] = b[j], b[i]
	}
}

func (r *rng) state() (hi, lo uint64) {
	b, _ := r.pcg.MarshalBinary()
	// MarshalBinary is "pcg:" followed by hi and lo big-endian.
	for i := 0; i < 8; i++ {
		hi = hi<<8 | uint64(b[4+i])
		lo = lo<<8 | uint64(b[12+i])
	}
	return hi, lo
}
