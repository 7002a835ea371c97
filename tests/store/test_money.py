import pytest

from bot.store import CHIPS, CZK_HAL, POINTS, format_amount, parse_amount


@pytest.mark.parametrize(
    ("currency", "amount", "text"),
    [
        (CZK_HAL, 150, "Kč 1.50"),
        (CZK_HAL, 5, "Kč 0.05"),
        (CZK_HAL, -205, "-Kč 2.05"),
        (CZK_HAL, 123456, "Kč 1\u202f234.56"),
        (CHIPS, 3, "3 chips"),
        (CHIPS, 1, "1 chip"),
        (CHIPS, -1, "-1 chip"),
        (POINTS, 4, "4 points"),
        (POINTS, 0, "0 points"),
    ],
)
def test_format_amount(currency: str, amount: int, text: str) -> None:
    assert format_amount(currency, amount) == text


@pytest.mark.parametrize(
    ("currency", "text", "amount"),
    [
        (CZK_HAL, "1.50", 150),
        (CZK_HAL, "1,5", 150),
        (CZK_HAL, " 12 ", 1200),
        (CZK_HAL, "Kč 0.05", 5),
        (CZK_HAL, "-2.05", -205),
        (CHIPS, "20", 20),
        (POINTS, "+7", 7),
    ],
)
def test_parse_amount(currency: str, text: str, amount: int) -> None:
    assert parse_amount(currency, text) == amount


@pytest.mark.parametrize(
    ("currency", "text"), [(CZK_HAL, "1.505"), (CZK_HAL, "abc"), (CHIPS, "1.5"), (CHIPS, "")]
)
def test_parse_amount_rejects(currency: str, text: str) -> None:
    with pytest.raises(ValueError):
        parse_amount(currency, text)


def test_unknown_currency() -> None:
    with pytest.raises(ValueError):
        format_amount("eur", 1)


def test_round_trip() -> None:
    for amount in range(-1000, 1000, 7):
        assert parse_amount(CZK_HAL, format_amount(CZK_HAL, amount)) == amount
