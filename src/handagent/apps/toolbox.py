"""A company's back office as tools (chapter 13): a menu of more than a hundred, each a real Tool.

A program that grows keeps adding tools: one team's calendar, another's invoices, the shop's
orders. `office_tools()` builds 100 of them from one table, twenty areas of a business with
five actions each (list, get, create, update, cancel), every one with its own description, an
input schema whose properties say what they hold, and a function that answers (canned, as the
weather does: nothing is really booked or billed). `toolbox(db)` is the menu chapter 13 measures:
the series' clock, adder and weather, the bookshop's three tools over `db`, and the 100.

    office_tools()[0].menu_entry() -> {"name": "list_meetings", "description": "Lists the
        meetings in a date range, newest first. Use it for the calendar: meetings, appointments
        ...", "input_schema": {"type": "object", "properties": {"start_date": ...}, ...}}

The areas name their own words (`AREAS`), so a search for "invoice", "parcel" or "leave" has the
words to find the right tools, and a model with all 106 on its menu has tools that look alike
(five of each area): what makes a large menu both dear and hard to choose from.

Not handled here: what the tools would really do (no calendar, no bank), who may call them (every
action but list and get is an effect: `read_only=False`, chapter 11's gate applies).
"""

from ..examples import ADDER, CLOCK, WEATHER
from ..tools import Tool
from .bookshop import shop_tools
from .shop_database import Shop

# area: (one, many, its id's description, what a new one needs, the words people use for it)
AREAS = {
    "meeting": ("meeting", "meetings", "The meeting's id, e.g. M-204.",
                {"title": "What the meeting is about.", "date": "The day, YYYY-MM-DD."},
                "the calendar: a meeting, appointment, event or invitation"),
    "email": ("email", "emails", "The email's id, e.g. E-88.",
              {"to": "The recipient's address.", "subject": "The subject line."},
              "mail: an email, message, reply or draft in the inbox"),
    "contact": ("contact", "contacts", "The contact's id, e.g. C-12.",
                {"name": "The person's full name.", "phone": "A phone number."},
                "the address book: a person, phone number or address"),
    "invoice": ("invoice", "invoices", "The invoice number, e.g. INV-1042.",
                {"customer": "Who is billed.", "amount": "The total, in euros."},
                "billing: an invoice or bill, paid or unpaid, amount due"),
    "payment": ("payment", "payments", "The payment's id, e.g. P-310.",
                {"invoice": "The invoice it pays.", "amount": "The amount, in euros."},
                "money received: a payment, bank transfer or refund"),
    "shipment": ("shipment", "shipments", "The tracking number, e.g. 1Z999.",
                 {"address": "Where it goes.", "weight_kg": "Its weight in kilograms."},
                 "delivery: track a shipment, parcel or package sent by courier"),
    "product": ("product", "products", "The product's SKU, e.g. SKU-77.",
                {"name": "The product's name.", "price": "Its price, in euros."},
                "the warehouse: a product, its stock level and inventory"),
    "ticket": ("support ticket", "support tickets", "The ticket number, e.g. T-5521.",
               {"customer": "Who reported it.", "problem": "What went wrong."},
               "customer support: a complaint, issue, ticket or help request"),
    "leave": ("leave request", "leave requests", "The request's id, e.g. L-19.",
              {"employee": "Who is away.", "days": "How many working days."},
              "time off: holiday, vacation, sick day or absence"),
    "payslip": ("payslip", "payslips", "The payslip's id, e.g. PS-2026-06.",
                {"employee": "Whose pay.", "month": "The month, YYYY-MM."},
                "payroll: salary, wage and pay"),
    "expense": ("expense claim", "expense claims", "The claim's id, e.g. X-41.",
                {"employee": "Who spent it.", "amount": "The amount, in euros."},
                "expenses: a receipt, reimbursement or spending"),
    "trip": ("business trip", "business trips", "The trip's id, e.g. TR-7.",
             {"traveller": "Who travels.", "destination": "The city they go to."},
             "travel: a flight, hotel or train for a business trip"),
    "room": ("room booking", "room bookings", "The booking's id, e.g. R-3.",
             {"room": "The meeting room's name.", "date": "The day, YYYY-MM-DD."},
             "the office: reserve a meeting room or desk"),
    "document": ("document", "documents", "The document's id, e.g. D-900.",
                 {"title": "The document's title.", "folder": "The folder it goes in."},
                 "files: a document, contract or shared folder"),
    "lead": ("sales lead", "sales leads", "The lead's id, e.g. SL-61.",
             {"company": "The prospect's company.", "value": "The deal's value, in euros."},
             "sales: a prospect, lead or deal in the pipeline"),
    "campaign": ("marketing campaign", "marketing campaigns", "The campaign's id, e.g. MC-8.",
                 {"name": "The campaign's name.", "budget": "Its budget, in euros."},
                 "marketing: a campaign, newsletter or advertising"),
    "report": ("analytics report", "analytics reports", "The report's id, e.g. AR-15.",
               {"metric": "What it measures, e.g. revenue.", "period": "The period, YYYY-MM."},
               "analytics: a report, dashboard, metric or statistic"),
    "account": ("user account", "user accounts", "The account's login, e.g. ada.l.",
                {"name": "The employee's name.", "team": "Their team."},
                "IT: a user account, login, password or access"),
    "device": ("device", "devices", "The device's asset tag, e.g. LT-220.",
               {"model": "The laptop or phone model.", "owner": "Who uses it."},
               "equipment: a laptop, phone or other hardware"),
    "alert": ("security alert", "security alerts", "The alert's id, e.g. SA-4.",
              {"system": "The system it concerns.", "severity": "low, medium or high."},
              "security: an alert, incident, breach or suspicious login"),
}  # fmt: skip
ACTIONS = ("list", "get", "create", "update", "cancel")


def _schema(action: str, ids: str, fields: dict, many: str) -> dict:
    if action == "list":
        return {
            "type": "object",
            "properties": {
                "query": {"type": "string", "description": f"Words to filter the {many} by."}
            },
        }
    identity = {"id": {"type": "string", "description": ids}}
    if action in ("get", "cancel"):
        return {"type": "object", "properties": identity, "required": ["id"]}
    given = {k: {"type": "string", "description": d} for k, d in fields.items()}
    if action == "create":
        return {"type": "object", "properties": given, "required": list(given)}
    return {"type": "object", "properties": {**identity, **given}, "required": ["id"]}


def _description(action: str, one: str, many: str, words: str) -> str:
    said = {"list": f"Lists the {many}, newest first, optionally filtered by words.",
            "get": f"Returns one {one} by its id, with all its details.",
            "create": f"Creates a new {one}.", "update": f"Changes an existing {one}.",
            "cancel": f"Cancels a {one}; it cannot be undone."}[action]  # fmt: skip
    return f"{said} Use it for {words}."


def _answer(action: str, one: str):
    def run(**arguments) -> str:  # canned: the office is imaginary
        given = ", ".join(f"{k}={v}" for k, v in arguments.items()) or "no filter"
        done = {"list": f"2 {one}s found ({given})", "get": f"{one} found ({given})",
                "create": f"{one} created ({given})", "update": f"{one} updated ({given})",
                "cancel": f"{one} cancelled ({given})"}[action]  # fmt: skip
        return done[0].upper() + done[1:] + "."

    return run


def office_tools() -> list[Tool]:
    """The 100 tools of the back office, area by area, in ACTIONS order."""
    tools = []
    for area, (one, many, ids, fields, words) in AREAS.items():
        for action in ACTIONS:
            name = f"{action}_{area}s" if action == "list" else f"{action}_{area}"
            tools.append(Tool(name, _description(action, one, many, words),
                              _schema(action, ids, fields, many), _answer(action, one),
                              read_only=action in ("list", "get")))  # fmt: skip
    return tools


def toolbox(db: Shop) -> list[Tool]:
    """Every tool of the series' imaginary company: 3 examples, 3 of the bookshop, 100 office."""
    return [CLOCK, ADDER, WEATHER, *shop_tools(db), *office_tools()]
