package app

import (
	"encoding/json"
	"errors"
	"reflect"
	"sort"
	"testing"
)

// fakeBrowserStorage is a go-app BrowserStorage in memory, like localStorage: strings
// under keys, JSON-encoded by Set. With broken set, every call panics as a browser whose
// storage is disabled would make the JavaScript call throw.
type fakeBrowserStorage struct {
	data   map[string]string
	broken bool
	full   bool
}

func (f *fakeBrowserStorage) check() {
	if f.broken {
		panic(errors.New("SecurityError: The operation is insecure."))
	}
}

func (f *fakeBrowserStorage) Set(k string, v any) error {
	f.check()
	if f.full {
		return errors.New("QuotaExceededError")
	}
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	f.data[k] = string(b)
	return nil
}

func (f *fakeBrowserStorage) Get(k string, v any) error {
	f.check()
	s, ok := f.data[k]
	if !ok {
		return nil
	}
	return json.Unmarshal([]byte(s), v)
}

func (f *fakeBrowserStorage) Del(k string) { f.check(); delete(f.data, k) }
func (f *fakeBrowserStorage) Len() int     { f.check(); return len(f.data) }
func (f *fakeBrowserStorage) Clear()       { f.check(); f.data = map[string]string{} }
func (f *fakeBrowserStorage) Contains(k string) bool {
	f.check()
	_, ok := f.data[k]
	return ok
}

func (f *fakeBrowserStorage) ForEach(fn func(k string)) {
	f.check()
	for k := range f.data {
		fn(k)
	}
}

func testStore(t *testing.T, s Store) {
	t.Helper()
	var v []int
	if ok, err := s.Get("missing", &v); ok || err != nil || v != nil {
		t.Errorf("Get(missing) = %v, %v, %v", ok, err, v)
	}
	if err := s.Set("brass/a", []int{1, 2}); err != nil {
		t.Fatal(err)
	}
	if err := s.Set("brass/b", map[string]string{"x": "y"}); err != nil {
		t.Fatal(err)
	}
	if err := s.Set("other", "z"); err != nil {
		t.Fatal(err)
	}
	if ok, err := s.Get("brass/a", &v); !ok || err != nil || !reflect.DeepEqual(v, []int{1, 2}) {
		t.Errorf("Get(brass/a) = %v, %v, %v", ok, err, v)
	}
	var wrong string
	if ok, err := s.Get("brass/a", &wrong); !ok || err == nil {
		t.Errorf("decoding a list into a string: %v, %v", ok, err)
	}
	keys, err := s.Keys("brass/")
	if err != nil || !reflect.DeepEqual(keys, []string{"brass/a", "brass/b"}) {
		t.Errorf("Keys = %v, %v", keys, err)
	}
	if err := s.Del("brass/a"); err != nil {
		t.Fatal(err)
	}
	if err := s.Del("brass/a"); err != nil {
		t.Errorf("deleting a missing key: %v", err)
	}
	keys, _ = s.Keys("")
	sort.Strings(keys)
	if !reflect.DeepEqual(keys, []string{"brass/b", "other"}) {
		t.Errorf("after Del, Keys = %v", keys)
	}
}

func TestMemoryStore(t *testing.T) { testStore(t, NewMemoryStore()) }

func TestBrowserStore(t *testing.T) {
	testStore(t, NewBrowserStore(&fakeBrowserStorage{data: map[string]string{}}))
}

func TestBrowserStoreFailures(t *testing.T) {
	f := &fakeBrowserStorage{data: map[string]string{}, broken: true}
	s := NewBrowserStore(f)
	var v int
	if _, err := s.Get("k", &v); !errors.Is(err, ErrStorage) {
		t.Errorf("Get on broken storage: %v", err)
	}
	if err := s.Set("k", 1); !errors.Is(err, ErrStorage) {
		t.Errorf("Set on broken storage: %v", err)
	}
	if err := s.Del("k"); !errors.Is(err, ErrStorage) {
		t.Errorf("Del on broken storage: %v", err)
	}
	if _, err := s.Keys(""); !errors.Is(err, ErrStorage) {
		t.Errorf("Keys on broken storage: %v", err)
	}

	f.broken, f.full = false, true
	if err := s.Set("k", 1); !errors.Is(err, ErrStorage) {
		t.Errorf("Set on full storage: %v", err)
	}
}

func TestCurrentGame(t *testing.T) {
	s := NewMemoryStore()
	if id, err := CurrentGame(s); id != "" || err != nil {
		t.Errorf("fresh store: current = %q, %v", id, err)
	}
	if err := SetCurrentGame(s, "abc123"); err != nil {
		t.Fatal(err)
	}
	if id, _ := CurrentGame(s); id != "abc123" {
		t.Errorf("current = %q", id)
	}
	if err := SetCurrentGame(s, ""); err != nil {
		t.Fatal(err)
	}
	if _, ok := s.Raw(currentKey); ok {
		t.Error("clearing the current game left the key")
	}
	s.SetRaw(currentKey, []byte(`"../../etc"`))
	if id, _ := CurrentGame(s); id != "" {
		t.Errorf("an invalid current id was returned: %q", id)
	}
	s.SetRaw(currentKey, []byte(`{not json`))
	if id, err := CurrentGame(s); id != "" || err == nil {
		t.Errorf("damaged current key: %q, %v", id, err)
	}
}
