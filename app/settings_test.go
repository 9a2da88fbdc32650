package app

import "testing"

func TestAnimationsSetting(t *testing.T) {
	store := NewMemoryStore()
	if !AnimationsOn(store) {
		t.Fatal("animations are off on a new device")
	}
	if err := SetAnimations(store, false); err != nil {
		t.Fatal(err)
	}
	if AnimationsOn(store) {
		t.Fatal("turned off, animations are still on")
	}
	if raw, _ := store.Raw(motionKey); string(raw) != `"off"` {
		t.Errorf("stored %s", raw)
	}
	if err := SetAnimations(store, true); err != nil {
		t.Fatal(err)
	}
	if !AnimationsOn(store) {
		t.Fatal("turned on again, animations are off")
	}
	store.SetRaw(motionKey, []byte("{damaged"))
	if !AnimationsOn(store) {
		t.Error("a damaged setting turns animations off")
	}
}
