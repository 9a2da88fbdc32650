package deal

import (
	"crypto/elliptic"
	"crypto/sha512"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math/big"
)

// The group is NIST P-256 through Go's crypto/elliptic and math/big, both already linked by
// the app (TLS and DTLS certificates, ECDSA): no curve arithmetic is written here, and the
// deal adds no second copy of curve code to web/app.wasm. P-256 has prime order (cofactor
// 1), so every point on the curve but the identity is a valid, full-order group element,
// and there is no subgroup to check. crypto/elliptic's ScalarMult is marked deprecated as a
// low-level API that is easy to misuse; it stays supported, its point arithmetic is
// crypto/internal/fips140/nistec's, constant time in the scalar, and this file is its only
// caller: it is given only points that decoded, and keys in [1, n).

var (
	curve      = elliptic.P256()
	groupOrder = curve.Params().N // n, the group's prime order
)

// point is an element of the group other than the identity, in affine coordinates.
type point struct{ x, y *big.Int }

// key is a scalar in [1, n): a seat's deck key or position key.
type key = big.Int

// pointSize is a point's compressed SEC 1 encoding: a sign byte and the 32-byte x.
const pointSize = 33

func (p point) encode() Point {
	var out Point
	copy(out[:], elliptic.MarshalCompressed(curve, p.x, p.y))
	return out
}

func (p point) equal(q point) bool { return p.x.Cmp(q.x) == 0 && p.y.Cmp(q.y) == 0 }

// decodePoint accepts only what an honest seat can send: the compressed encoding of a point
// on the curve, its x below the field's prime (UnmarshalCompressed refuses anything else,
// and cannot encode the identity). With a prime-groupOrder group nothing else is needed: no
// point can carry a small-groupOrder component through the masking.
func decodePoint(b Point) (point, error) {
	x, y := elliptic.UnmarshalCompressed(curve, b[:])
	if x == nil {
		return point{}, errors.New("not the compressed encoding of a point on the curve")
	}
	return point{x, y}, nil
}

// mult is k·P. The point arithmetic is constant time in k (crypto/internal/fips140/nistec);
// the conversions around it are not, which leaks at most the key's byte length.
func mult(k *key, p point) point {
	var kb [32]byte
	x, y := curve.ScalarMult(p.x, p.y, k.FillBytes(kb[:]))
	return point{x, y}
}

// times returns a·b mod n, and inverse k⁻¹ mod n (k is never zero).
func times(a, b *key) *key { return new(key).Mod(new(key).Mul(a, b), groupOrder) }
func inverse(k *key) *key  { return new(key).ModInverse(k, groupOrder) }

// product returns the product mod n of keys[s][j] over every seat s.
func product(keys [][]*key, j int) *key {
	prod := new(key).Set(keys[0][j])
	for s := 1; s < len(keys); s++ {
		prod = times(prod, keys[s][j])
	}
	return prod
}

// encodeKey is a key's canonical encoding: 32 bytes, big-endian.
func encodeKey(k *key) Scalar {
	var out Scalar
	k.FillBytes(out[:])
	return out
}

// decodeKey accepts only a canonical key: below n and not zero.
func decodeKey(b Scalar) (*key, error) {
	k := new(key).SetBytes(b[:])
	if k.Cmp(groupOrder) >= 0 {
		return nil, errors.New("not a canonical scalar")
	}
	if k.Sign() == 0 {
		return nil, errors.New("a zero key")
	}
	return k, nil
}

// randomKey draws a uniformly random key: 64 bytes reduced modulo n (bias below 2^-250),
// drawn again in the (2^-256) case of zero.
func randomKey(r io.Reader) (*key, error) {
	var buf [64]byte
	for {
		if _, err := io.ReadFull(r, buf[:]); err != nil {
			return nil, fmt.Errorf("deal: reading randomness: %w", err)
		}
		k := new(key).Mod(new(key).SetBytes(buf[:]), groupOrder)
		if k.Sign() != 0 {
			return k, nil
		}
	}
}

// cardDomain separates this package's hash-to-point from every other use of SHA-512.
const cardDomain = "brass/app/deal P-256 card v1"

// hashToPoint maps a card to the group by try-and-increment: SHA-512 of the domain, the
// label, the kind, the copy and a counter, its first 32 bytes taken as an x with an even y,
// until one is a point's. About half the candidates are, so a card costs two tries on
// average; the running time depends only on public data.
func hashToPoint(label string, e entry) point {
	var buf []byte
	buf = binary.BigEndian.AppendUint32(buf, uint32(len(cardDomain)))
	buf = append(buf, cardDomain...)
	buf = binary.BigEndian.AppendUint32(buf, uint32(len(label)))
	buf = append(buf, label...)
	buf = binary.BigEndian.AppendUint32(buf, uint32(e.card))
	buf = binary.BigEndian.AppendUint32(buf, uint32(e.copy))
	n := len(buf)
	var enc Point
	enc[0] = 2 // even y
	for ctr := uint32(0); ; ctr++ {
		h := sha512.Sum512(binary.BigEndian.AppendUint32(buf[:n], ctr))
		copy(enc[1:], h[:32])
		if p, err := decodePoint(enc); err == nil {
			return p
		}
	}
}
