package scorer

import "testing"

// TestNamePlaces: the constants the yaku code uses name the places in
// names they mean.
func TestNamePlaces(t *testing.T) {
	for place, name := range map[int]string{
		yMenzenTsumo: "menzen_tsumo", yPinfu: "pinfu", ySeatWind: "yakuhai_seat_wind", yChun: "chun",
		yDoubleRiichi: "double_riichi", yChiitoitsu: "chiitoitsu", yRyanpeikou: "ryanpeikou", yChinitsu: "chinitsu",
		yTenhou: "tenhou", yRenhou: "renhou", yKokushi: "kokushi", yChuuren: "chuuren", yDaisuushii: "daisuushii",
		yDora: "dora", yUraDora: "ura_dora", yAkaDora: "aka_dora",
	} {
		if names[place] != name {
			t.Errorf("names[%d] = %q, want %q", place, names[place], name)
		}
	}
	if len(Names) != 46 || Names[0] != "menzen_tsumo" {
		t.Errorf("Names has %d names from %q", len(Names), Names[0])
	}
}
