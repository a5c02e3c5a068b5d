"""gettext marker; the i18n helper replaces this with the real catalogue lookup."""


def _(message):
    """gettext marker; the i18n helper replaces this with the real catalogue lookup."""
    return message
