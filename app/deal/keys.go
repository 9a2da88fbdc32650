package deal

import (
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"io"
)

// randomPerm draws a uniform permutation of 0..n-1 (Fisher–Yates, each index drawn by
// rejection so that no index is likelier than another).
func randomPerm(r io.Reader, n int) ([]int, error) {
	perm := make([]int, n)
	for i := range perm {
		perm[i] = i
	}
	var buf [4]byte
	for i := n - 1; i > 0; i-- {
		bound := uint32(i + 1)
		limit := ^uint32(0) - (^uint32(0) % bound) // a multiple of bound
		var j uint32
		for {
			if _, err := io.ReadFull(r, buf[:]); err != nil {
				return nil, fmt.Errorf("deal: reading randomness: %w", err)
			}
			if v := binary.BigEndian.Uint32(buf[:]); v < limit {
				j = v % bound
				break
			}
		}
		perm[i], perm[j] = perm[j], perm[i]
	}
	return perm, nil
}

// commitDomain separates key commitments from every other use of SHA-256.
const commitDomain = "brass/app/deal key commitment v1"

// deckKeyPos is the position a deck key's commitment names, apart from every deck position.
const deckKeyPos = -1

// commit binds a seat to a key before anyone sees it: SHA-256 of the domain, the deal, the
// seat, the position (deckKeyPos for the deck key) and the key. A key is 256 random bits,
// so the digest hides it; SHA-256 is collision resistant, so a seat cannot later publish
// another key that matches. It lets every device check a published key at once.
func commit(label string, seat, pos int, k *key) Digest {
	h := sha256.New()
	var buf []byte
	buf = binary.BigEndian.AppendUint32(buf, uint32(len(commitDomain)))
	buf = append(buf, commitDomain...)
	buf = binary.BigEndian.AppendUint32(buf, uint32(len(label)))
	buf = append(buf, label...)
	buf = binary.BigEndian.AppendUint32(buf, uint32(seat))
	buf = binary.BigEndian.AppendUint32(buf, uint32(int32(pos)))
	kb := encodeKey(k)
	buf = append(buf, kb[:]...)
	h.Write(buf)
	return Digest(h.Sum(nil))
}
