package kit

import (
	"sort"
	"strings"
)

// Sorted returns a sorted copy (nil when empty), so that a component's inputs compare
// equal whatever order the caller built them in and go-app re-renders only on a change.
func Sorted(ids []string) []string {
	if len(ids) == 0 {
		return nil
	}
	out := append([]string(nil), ids...)
	sort.Strings(out)
	return out
}

// Count is how many times id occurs in the sorted list.
func Count(sorted []string, id string) int {
	i := sort.SearchStrings(sorted, id)
	n := 0
	for ; i < len(sorted) && sorted[i] == id; i++ {
		n++
	}
	return n
}

// Contains says whether id is in the sorted list.
func Contains(sorted []string, id string) bool { return Count(sorted, id) > 0 }

// Classes joins non-empty class names.
func Classes(c ...string) string {
	var out []string
	for _, s := range c {
		if s != "" {
			out = append(out, s)
		}
	}
	return strings.Join(out, " ")
}
