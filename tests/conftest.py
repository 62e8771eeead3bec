"""Shared test set-up: the ``rule`` marker is checked against the rule index, so a
test can only claim to cover rules that exist."""


from savannah_kit.core.rules_index import rule


def pytest_collection_modifyitems(config, items):
    for item in items:
        for mark in item.iter_markers("rule"):
            for rid in mark.args:
                rule(rid)  # raises UnknownRuleError naming the bad id
