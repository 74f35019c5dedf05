"""Money as a person reads it: integer minor units written with the currency's decimals."""

from decimal import Decimal

from babel.numbers import format_currency, format_decimal

from ledger.language import current, locale

# ISO 4217 currencies whose minor unit is not a hundredth (the standard's "minor unit"
# column); every other code, and a code the standard does not list, has two decimals.
MINOR_DIGITS = {
    **dict.fromkeys(["BIF", "CLP", "DJF", "GNF", "ISK", "JPY", "KMF", "KRW", "PYG", "RWF",
                     "UGX", "UYI", "VND", "VUV", "XAF", "XOF", "XPF"], 0),
    **dict.fromkeys(["BHD", "IQD", "JOD", "KWD", "LYD", "OMR", "TND"], 3),
    **dict.fromkeys(["CLF", "UYW"], 4),
}


def decimal_money(minor: int, currency: str) -> Decimal:
    """Integer minor units as the currency writes them: -145 GBP → -1.45, 500 JPY → 500,
    1234 BHD → 1.234. Built from digits, never through a float; a Decimal, so that the CSV
    writes it as a number (the formula guard leaves numbers alone)."""
    digits = MINOR_DIGITS.get(currency, 2)
    if digits == 0:
        return Decimal(minor)
    whole, part = divmod(abs(minor), 10 ** digits)
    return Decimal(f"{'-' if minor < 0 else ''}{whole}.{part:0{digits}d}")


# How a person writes common currencies' amounts (`£2.30`): a symbol in front. Symbols that
# several currencies share are told apart (`A$`, `CA$`, `CN¥`); any other code is written
# in front of the number as it is (`CHF 2.30`).
SYMBOLS = {"GBP": "£", "EUR": "€", "USD": "$", "JPY": "¥", "INR": "₹", "KRW": "₩", "ILS": "₪",
           "NGN": "₦", "PHP": "₱", "UAH": "₴", "VND": "₫", "TRY": "₺", "RUB": "₽",
           "AUD": "A$", "CAD": "CA$", "NZD": "NZ$", "HKD": "HK$", "SGD": "S$", "MXN": "MX$",
           "BRL": "R$", "CNY": "CN¥"}


def symbol(currency: str) -> str:
    """What is written in front of an amount in `currency`: `£`, or the code and a space."""
    return SYMBOLS.get(currency, f"{currency} ")


def money_said(minor: int, currency: str, signed: bool = False) -> str:
    """An amount as a person writes it: `£0.30`, `−£0.06` (a real minus sign), and with
    `signed` a plus for what is owed to someone (`+£0.10`); 0 is `£0.00`."""
    sign = "−" if minor < 0 else "+" if signed and minor > 0 else ""
    if current() != "en":  # as the language's locale writes it: `−0,30 £`, `1.234,50 €`
        return sign + format_currency(decimal_money(abs(minor), currency), currency,
                                      locale=locale())
    digits = MINOR_DIGITS.get(currency, 2)  # (as decimal_money writes it, without a Decimal:
    whole, part = divmod(abs(minor), 10 ** digits)  # the tab says thousands of amounts)
    return f"{sign}{symbol(currency)}{whole}.{part:0{digits}d}" if digits else \
        f"{sign}{symbol(currency)}{whole}"


def decimal_said(minor: int, currency: str) -> str:
    """A Decimal amount as a person reads it, without its currency: `0.05`, `0,05`."""
    value = decimal_money(minor, currency)
    return str(value) if current() == "en" else format_decimal(value, locale=locale())
