"""A wrong bonus face is named by its place and its choices, counted from 1 as people count."""

import pytest

from savannah_kit import tails
from savannah_kit.core.errors import ScenarioError


@pytest.mark.rule("tails.setup.bonus-faces")
@pytest.mark.parametrize("faces, field, message", [
    (["zzz", "deja-vu", "bird-brain"], "options.bonuses[0]", "bonus card 1 shows 'boinnnggg' or 'leapfrog', not 'zzz'"),
    (["boinnnggg", "deja-vu", "zzz"], "options.bonuses[2]",
     "bonus card 3 shows 'bird-brain' or 'neck-stretch', not 'zzz'")])
def test_a_wrong_bonus_face_names_its_card_and_choices(faces, field, message):
    with pytest.raises(ScenarioError) as err:
        tails.new_game(players=2, seed=1, bonuses=faces)
    assert err.value.field == field and str(err.value).endswith(message)
