package mailroom

import "math/rand/v2"

// seeded is a deterministic source of randomness for keys and nonces.
type seeded struct{ r *rand.ChaCha8 }

func (s seeded) Read(p []byte) (int, error) { return s.r.Read(p) }

func source(a, b byte) seeded { return seeded{rand.NewChaCha8([32]byte{a, b, 41})} }
