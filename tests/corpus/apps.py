"""Tools the package did not write, in the styles of public tool-use tutorials and docs.

Each app is a tools menu as a tutorial would send it, with requests and the call a careful model
would make: the tool's name and the arguments that matter (strings: the expected text appears in
the value, case aside; numbers, booleans and enum values: equal; lists: the same items). Written
for this corpus in those styles, not copied.
"""


def tool(name: str, description: str, properties: dict, required=None) -> dict:
    schema = {"type": "object", "properties": properties}
    schema["required"] = list(properties) if required is None else required
    return {"name": name, "description": description, "input_schema": schema}


def s(description: str = "", **extra) -> dict:
    return {"type": "string", "description": description, **extra}


def n(description: str = "", kind: str = "number", **extra) -> dict:
    return {"type": kind, "description": description, **extra}


def i(description: str = "", **extra) -> dict:
    return n(description, "integer", **extra)


def b(description: str = "") -> dict:
    return {"type": "boolean", "description": description}


OPS = ["add", "subtract", "multiply", "divide"]
APPS = [
    {
        "app": "calculator with an operation enum",
        "tools": [
            tool(
                "calculator",
                "A simple calculator that performs basic arithmetic operations.",
                {
                    "operation": s("The operation to perform.", enum=OPS),
                    "operand1": n("The first operand."),
                    "operand2": n("The second operand."),
                },
            ),
        ],
        "cases": [
            (
                "multiply 1984135 by 9343116",
                "calculator",
                {"operation": "multiply", "operand1": 1984135, "operand2": 9343116},
            ),
            (
                "What is 1234 divided by 2?",
                "calculator",
                {"operation": "divide", "operand1": 1234, "operand2": 2},
            ),
            ("Can you subtract 45 from 100?", "calculator", {"operation": "subtract"}),
            (
                "What's 17 plus 25?",
                "calculator",
                {"operation": "add", "operand1": 17, "operand2": 25},
            ),
        ],
    },
    {
        "app": "calculator taking an expression",
        "tools": [
            tool(
                "calculate",
                "Evaluate a mathematical expression and return the result. Supports "
                "+, -, *, / and parentheses.",
                {"expression": s("A math expression, e.g. 2 * (3 + 4)")},
            ),
        ],
        "cases": [
            ("What is 834727 × 991?", "calculate", {"expression": "834727 * 991"}),
            ("Compute 15 * 23 + 7", "calculate", {"expression": "15 * 23 + 7"}),
            ("How much is 2048 divided by 64?", "calculate", {"expression": "2048 / 64"}),
        ],
    },
    {
        "app": "four arithmetic functions",
        "tools": [
            tool("add", "Add two numbers together.", {"a": n(), "b": n()}),
            tool("subtract", "Subtract b from a.", {"a": n(), "b": n()}),
            tool("multiply", "Multiply two numbers and return the product.", {"a": n(), "b": n()}),
            tool("divide", "Divide a by b.", {"a": n("Dividend"), "b": n("Divisor")}),
        ],
        "cases": [
            ("What is 3 + 4?", "add", {"a": 3, "b": 4}),
            ("add 10 and 32", "add", {"a": 10, "b": 32}),
            ("What's the sum of 1.5 and 2.25?", "add", {"a": 1.5, "b": 2.25}),
            ("What is 50 minus 8?", "subtract", {"a": 50, "b": 8}),
            ("Subtract 7 from 20", "subtract", {"a": 20, "b": 7}),
            ("compute 99 - 33", "subtract", {"a": 99, "b": 33}),
            ("What is 12 times 12?", "multiply", {"a": 12, "b": 12}),
            ("Multiply 6 by 7", "multiply", {"a": 6, "b": 7}),
            ("what's 3.5 * 4", "multiply", {"a": 3.5, "b": 4}),
            ("What is 100 divided by 4?", "divide", {"a": 100, "b": 4}),
            ("Divide 81 by 9", "divide", {"a": 81, "b": 9}),
            ("What's 22 ÷ 7?", "divide", {"a": 22, "b": 7}),
        ],
    },
    {
        "app": "weather service",
        "tools": [
            tool(
                "get_current_weather",
                "Get the current weather in a given location",
                {
                    "location": s("The city and state, e.g. San Francisco, CA"),
                    "unit": s("The unit of temperature", enum=["celsius", "fahrenheit"]),
                },
                required=["location"],
            ),
            tool(
                "get_forecast",
                "Get a multi-day weather forecast for a city.",
                {
                    "city": s("City name"),
                    "days": i("Number of days to forecast", minimum=1, maximum=10),
                },
                required=["city"],
            ),
            tool(
                "get_air_quality",
                "Returns the air quality index (AQI) and main pollutant for a city.",
                {"city": s("City name")},
            ),
        ],
        "cases": [
            (
                "What's the weather like in San Francisco?",
                "get_current_weather",
                {"location": "San Francisco"},
            ),
            (
                "Is it cold in Oslo right now? Answer in fahrenheit.",
                "get_current_weather",
                {"location": "Oslo", "unit": "fahrenheit"},
            ),
            ("How hot is it in Phoenix today?", "get_current_weather", {"location": "Phoenix"}),
            (
                "Give me the 5-day forecast for Berlin",
                "get_forecast",
                {"city": "Berlin", "days": 5},
            ),
            (
                "Will it rain in London over the next 3 days? Show me the forecast.",
                "get_forecast",
                {"city": "London", "days": 3},
            ),
            ("What's the forecast for Madrid this week?", "get_forecast", {"city": "Madrid"}),
            ("How is the air quality in Delhi?", "get_air_quality", {"city": "Delhi"}),
            ("What's the AQI in Beijing?", "get_air_quality", {"city": "Beijing"}),
            (
                "Is the air quality safe for a run in Los Angeles?",
                "get_air_quality",
                {"city": "Los Angeles"},
            ),
        ],
    },
    {
        "app": "weather and time together",
        "tools": [
            tool("get_weather", "Get the current weather for a city.", {"city": s("City name")}),
            tool("get_time", "Get the current local time in a city.", {"city": s("City name")}),
        ],
        "cases": [
            (
                "What's the weather and time in San Francisco?",
                "get_weather",
                {"city": "San Francisco"},
            ),
            ("What time is it in Tokyo?", "get_time", {"city": "Tokyo"}),
            ("Tell me the local time in Sydney", "get_time", {"city": "Sydney"}),
            ("Is it late in Reykjavik? What's the time there?", "get_time", {"city": "Reykjavik"}),
            ("What's the weather in Cairo?", "get_weather", {"city": "Cairo"}),
            ("Weather in Toronto please", "get_weather", {"city": "Toronto"}),
            ("Do I need an umbrella in Seattle?", "get_weather", {"city": "Seattle"}),
        ],
    },
    {
        "app": "customer service bot",
        "tools": [
            tool(
                "get_customer_info",
                "Retrieves customer information based on their customer ID. "
                "Returns the customer's name, email, and phone number.",
                {"customer_id": s("The unique identifier for the customer.")},
            ),
            tool(
                "get_order_details",
                "Retrieves the details of a specific order based on the order ID. "
                "Returns the order ID, product name, quantity, price, and order status.",
                {"order_id": s("The unique identifier for the order.")},
            ),
            tool(
                "cancel_order",
                "Cancels an order based on the provided order ID. Returns a "
                "confirmation message if the cancellation is successful.",
                {"order_id": s("The unique identifier for the order to be cancelled.")},
            ),
        ],
        "cases": [
            (
                "Can you tell me the email address for customer C1?",
                "get_customer_info",
                {"customer_id": "C1"},
            ),
            (
                "What is the phone number of customer C2?",
                "get_customer_info",
                {"customer_id": "C2"},
            ),
            ("Look up customer C3 for me", "get_customer_info", {"customer_id": "C3"}),
            ("What is the status of order O2?", "get_order_details", {"order_id": "O2"}),
            ("What did I buy in order O1?", "get_order_details", {"order_id": "O1"}),
            ("Show me the details of order #4521", "get_order_details", {"order_id": "4521"}),
            ("Please cancel order O1", "cancel_order", {"order_id": "O1"}),
            ("I want to cancel my order O3.", "cancel_order", {"order_id": "O3"}),
            ("Cancel order number 7788 please", "cancel_order", {"order_id": "7788"}),
        ],
    },
    {
        "app": "online shop",
        "tools": [
            tool(
                "search_products",
                "Search the product catalog by keyword, optionally filtered by "
                "category and maximum price.",
                {
                    "query": s("Search keywords"),
                    "category": s(
                        "Product category", enum=["electronics", "books", "clothing", "home"]
                    ),
                    "max_price": n("Maximum price in USD", minimum=0),
                },
                required=["query"],
            ),
            tool(
                "get_product",
                "Get full details for one product by its SKU.",
                {"sku": s("The product SKU, e.g. SKU-1234")},
            ),
            tool(
                "add_to_cart",
                "Add a product to the shopping cart.",
                {"sku": s("The product SKU"), "quantity": i("How many", minimum=1, maximum=99)},
            ),
        ],
        "cases": [
            (
                "Search for wireless headphones in electronics under $100",
                "search_products",
                {"query": "wireless headphones", "category": "electronics", "max_price": 100},
            ),
            (
                "Find me some books about gardening",
                "search_products",
                {"query": "gardening", "category": "books"},
            ),
            ("Do you sell winter jackets?", "search_products", {"query": "winter jackets"}),
            ("Show me the details for SKU-4471", "get_product", {"sku": "SKU-4471"}),
            ("How much does product SKU-1002 cost?", "get_product", {"sku": "SKU-1002"}),
            ("Is SKU-9 in stock?", "get_product", {"sku": "SKU-9"}),
            ("Add 2 of SKU-4471 to my cart", "add_to_cart", {"sku": "SKU-4471", "quantity": 2}),
            ("Put SKU-1002 in the cart", "add_to_cart", {"sku": "SKU-1002", "quantity": 1}),
            ("Add three SKU-77 to my cart please", "add_to_cart", {"sku": "SKU-77", "quantity": 3}),
        ],
    },
    {
        "app": "search and retrieval",
        "tools": [
            tool(
                "web_search",
                "Search the web for up-to-date information. Use it for current "
                "events and facts you are not sure about.",
                {
                    "query": s("The search query"),
                    "num_results": i("How many results", minimum=1, maximum=10),
                },
                required=["query"],
            ),
            tool(
                "get_article",
                "Retrieve the full text of a Wikipedia article by its title.",
                {"title": s("The article title, e.g. Alan Turing")},
            ),
            tool(
                "search_knowledge_base",
                "Look up internal company documentation and policies.",
                {
                    "query": s("What to look for"),
                    "top_k": i("Number of passages", minimum=1, maximum=20),
                },
                required=["query"],
            ),
        ],
        "cases": [
            (
                "Search the web for the latest news on the Mars rover",
                "web_search",
                {"query": "Mars rover"},
            ),
            ("Who won the 2022 World Cup?", "web_search", {"query": "2022 World Cup"}),
            (
                "Find 3 recent articles about fusion energy online",
                "web_search",
                {"query": "fusion energy", "num_results": 3},
            ),
            ("Get the Wikipedia article on Ada Lovelace", "get_article", {"title": "Ada Lovelace"}),
            (
                'Retrieve the article titled "Turing machine"',
                "get_article",
                {"title": "Turing machine"},
            ),
            ("Pull up the Wikipedia page for Marie Curie", "get_article", {"title": "Marie Curie"}),
            (
                "What does our internal policy say about parental leave?",
                "search_knowledge_base",
                {"query": "parental leave"},
            ),
            (
                "Look up the company documentation on expense reports",
                "search_knowledge_base",
                {"query": "expense reports"},
            ),
            (
                "Search the knowledge base for VPN setup, top 5 passages",
                "search_knowledge_base",
                {"query": "VPN setup", "top_k": 5},
            ),
        ],
    },
    {
        "app": "a lone lookup tool answering factual questions",
        "tools": [
            tool("search", "Search for information.", {"query": s()}),
            tool("get_current_time", "Returns the current time.", {}),
        ],
        "cases": [
            ("What is the capital of Australia?", "search", {"query": "capital of Australia"}),
            ("Who painted the Mona Lisa?", "search", {"query": "Mona Lisa"}),
            ("When was the Eiffel Tower built?", "search", {"query": "Eiffel Tower"}),
            ("What time is it?", "get_current_time", {}),
            ("What's the time right now?", "get_current_time", {}),
            ("Tell me the current time, please", "get_current_time", {}),
        ],
    },
    {
        "app": "email assistant",
        "tools": [
            tool(
                "send_email",
                "Send an email on the user's behalf.",
                {
                    "to": s("Recipient email address"),
                    "subject": s("Subject line"),
                    "body": s("Plain-text body"),
                },
            ),
            tool(
                "list_emails",
                "List emails in a mailbox folder.",
                {
                    "folder": s("Folder", enum=["inbox", "sent", "spam", "archive"]),
                    "unread_only": b("Only unread messages"),
                },
                required=["folder"],
            ),
            tool(
                "search_emails",
                "Search the user's mailbox for messages matching a query.",
                {"query": s("Words to look for"), "sender": s("Only from this email address")},
                required=["query"],
            ),
        ],
        "cases": [
            (
                "Email bob@example.com about the quarterly report saying the numbers look great",
                "send_email",
                {
                    "to": "bob@example.com",
                    "subject": "quarterly report",
                    "body": "the numbers look great",
                },
            ),
            (
                'Send an email to alice@corp.io with the subject "Lunch" saying see you at noon',
                "send_email",
                {"to": "alice@corp.io", "subject": "Lunch", "body": "see you at noon"},
            ),
            (
                "Write to dev-team@acme.org about the outage",
                "send_email",
                {"to": "dev-team@acme.org", "subject": "outage"},
            ),
            (
                "Show my unread emails in the inbox",
                "list_emails",
                {"folder": "inbox", "unread_only": True},
            ),
            ("What's in my spam folder?", "list_emails", {"folder": "spam"}),
            ("List the emails I sent", "list_emails", {"folder": "sent"}),
            (
                "Search my email for the invoice from carol@vendor.com",
                "search_emails",
                {"query": "invoice", "sender": "carol@vendor.com"},
            ),
            ("Find emails about the conference", "search_emails", {"query": "conference"}),
            (
                "Search my mailbox for 'flight confirmation'",
                "search_emails",
                {"query": "flight confirmation"},
            ),
        ],
    },
    {
        "app": "SQL database",
        "tools": [
            tool(
                "run_sql_query",
                "Run a read-only SQL query against the company database. Tables: "
                "users(id, name, email, created_at), orders(id, user_id, total, status).",
                {"query": s("A SQL SELECT statement")},
            ),
            tool(
                "describe_table",
                "Show the columns and types of a database table.",
                {"table_name": s("Name of the table", enum=["users", "orders"])},
            ),
            tool("list_tables", "List every table in the database.", {}),
        ],
        "cases": [
            (
                "How many users are in the database?",
                "run_sql_query",
                {"query": "SELECT COUNT(*) FROM users"},
            ),
            ("Query the database for all orders", "run_sql_query", {"query": "FROM orders"}),
            (
                "Run this SQL: SELECT name FROM users WHERE id = 3",
                "run_sql_query",
                {"query": "SELECT name FROM users WHERE id = 3"},
            ),
            (
                "What columns does the orders table have?",
                "describe_table",
                {"table_name": "orders"},
            ),
            ("Describe the users table", "describe_table", {"table_name": "users"}),
            ("Show me the schema of the users table", "describe_table", {"table_name": "users"}),
            ("List all the tables in the database", "list_tables", {}),
            ("Which tables are there?", "list_tables", {}),
            ("What tables exist in our database?", "list_tables", {}),
        ],
    },
    {
        "app": "file system",
        "tools": [
            tool(
                "read_file",
                "Read the contents of a file at the given path.",
                {"path": s("File path")},
            ),
            tool(
                "write_file",
                "Write text to a file, creating or overwriting it.",
                {"path": s("File path"), "content": s("Text to write")},
            ),
            tool(
                "list_directory",
                "List the files and folders in a directory.",
                {"path": s("Directory path, e.g. ./src")},
            ),
            tool("delete_file", "Delete a file. This cannot be undone.", {"path": s("File path")}),
        ],
        "cases": [
            ("Read the file config.yaml", "read_file", {"path": "config.yaml"}),
            ("What's in /etc/hosts?", "read_file", {"path": "/etc/hosts"}),
            ("Open src/main.py and show me the code", "read_file", {"path": "src/main.py"}),
            (
                "Write 'hello world' to notes.txt",
                "write_file",
                {"path": "notes.txt", "content": "hello world"},
            ),
            (
                'Save the text "TODO: refactor" in todo.md',
                "write_file",
                {"path": "todo.md", "content": "TODO: refactor"},
            ),
            (
                "Create a file named out.csv containing 'a,b,c'",
                "write_file",
                {"path": "out.csv", "content": "a,b,c"},
            ),
            ("List the files in ./src", "list_directory", {"path": "./src"}),
            ("What files are in the /var/log directory?", "list_directory", {"path": "/var/log"}),
            ("Show me the contents of the docs/ folder", "list_directory", {"path": "docs/"}),
            ("Delete old.log", "delete_file", {"path": "old.log"}),
            ("Please remove the file build/tmp.o", "delete_file", {"path": "build/tmp.o"}),
            ("Erase draft.txt", "delete_file", {"path": "draft.txt"}),
        ],
    },
    {
        "app": "calendar",
        "tools": [
            tool(
                "create_event",
                "Create a calendar event.",
                {
                    "title": s("Event title"),
                    "date": s("Date, YYYY-MM-DD"),
                    "time": s("Start time"),
                    "attendees": {
                        "type": "array",
                        "items": s("Attendee email"),
                        "description": "Emails of the people to invite",
                    },
                },
                required=["title", "date"],
            ),
            tool(
                "list_events", "List the calendar events on a given date.", {"date": s("The date")}
            ),
            tool(
                "delete_event",
                "Delete a calendar event by its event ID.",
                {"event_id": s("Event ID")},
            ),
        ],
        "cases": [
            (
                "Schedule a meeting titled 'Design review' on 2025-06-03 at 10:00 with "
                "ann@x.com and raj@x.com",
                "create_event",
                {
                    "title": "Design review",
                    "date": "2025-06-03",
                    "time": "10:00",
                    "attendees": ["ann@x.com", "raj@x.com"],
                },
            ),
            (
                "Create an event called Dentist on 2025-07-14 at 3pm",
                "create_event",
                {"title": "Dentist", "date": "2025-07-14", "time": "3pm"},
            ),
            (
                "Add 'Team lunch' to my calendar for 2025-05-20",
                "create_event",
                {"title": "Team lunch", "date": "2025-05-20"},
            ),
            ("What's on my calendar on 2025-06-03?", "list_events", {"date": "2025-06-03"}),
            ("List my events for tomorrow", "list_events", {"date": "tomorrow"}),
            ("Do I have any meetings on March 5?", "list_events", {"date": "March 5"}),
            ("Delete event EVT-301", "delete_event", {"event_id": "EVT-301"}),
            ("Remove the calendar event with id E42", "delete_event", {"event_id": "E42"}),
            ("Cancel event EV9 from my calendar", "delete_event", {"event_id": "EV9"}),
        ],
    },
    {
        "app": "money",
        "tools": [
            tool(
                "convert_currency",
                "Convert an amount of money from one currency to another.",
                {
                    "amount": n("Amount to convert"),
                    "from_currency": s("ISO currency code, e.g. USD"),
                    "to_currency": s("ISO currency code, e.g. EUR"),
                },
            ),
            tool(
                "getStockPrice",
                "Get the latest stock price for a ticker symbol.",
                {"symbol": s("Stock ticker symbol, e.g. AAPL")},
            ),
            tool(
                "get-exchange-rate",
                "Get the exchange rate between two currencies.",
                {"base": s("Base currency code"), "target": s("Target currency code")},
            ),
        ],
        "cases": [
            (
                "Convert 100 USD to EUR",
                "convert_currency",
                {"amount": 100, "from_currency": "USD", "to_currency": "EUR"},
            ),
            (
                "How many yen is 50 euros?",
                "convert_currency",
                {"amount": 50, "from_currency": "EUR", "to_currency": "JPY"},
            ),
            (
                "Change 250 GBP into dollars",
                "convert_currency",
                {"amount": 250, "from_currency": "GBP", "to_currency": "USD"},
            ),
            ("What's the stock price of AAPL?", "getStockPrice", {"symbol": "AAPL"}),
            ("How is MSFT trading today?", "getStockPrice", {"symbol": "MSFT"}),
            ("Get me a quote for the ticker TSLA", "getStockPrice", {"symbol": "TSLA"}),
            (
                "What's the exchange rate from USD to JPY?",
                "get-exchange-rate",
                {"base": "USD", "target": "JPY"},
            ),
            ("Exchange rate EUR to GBP?", "get-exchange-rate", {"base": "EUR", "target": "GBP"}),
            (
                "What is the CHF to USD exchange rate?",
                "get-exchange-rate",
                {"base": "CHF", "target": "USD"},
            ),
        ],
    },
    {
        "app": "translator",
        "tools": [
            tool(
                "translate_text",
                "Translate text into another language.",
                {
                    "text": s("Text to translate"),
                    "target_language": s("Target language, ISO 639-1 code such as 'fr'"),
                },
            ),
            tool(
                "detect_language",
                "Detect which language a piece of text is written in.",
                {"text": s("The text")},
            ),
        ],
        "cases": [
            (
                "Translate 'good morning' into French",
                "translate_text",
                {"text": "good morning", "target_language": "fr"},
            ),
            (
                'How do you say "thank you" in Japanese?',
                "translate_text",
                {"text": "thank you", "target_language": "ja"},
            ),
            (
                'Translate "Where is the station?" to German',
                "translate_text",
                {"text": "Where is the station?", "target_language": "de"},
            ),
            ("What language is 'obrigado' written in?", "detect_language", {"text": "obrigado"}),
            (
                'Detect the language of "Dziękuję bardzo"',
                "detect_language",
                {"text": "Dziękuję bardzo"},
            ),
            (
                "Which language is this: 'Grazie mille'?",
                "detect_language",
                {"text": "Grazie mille"},
            ),
        ],
    },
    {
        "app": "travel agent",
        "tools": [
            tool(
                "search_flights",
                "Search for flights between two cities on a date.",
                {
                    "origin": s("Departure city or airport code"),
                    "destination": s("Arrival city or airport code"),
                    "date": s("Departure date"),
                    "passengers": i("Number of passengers", minimum=1, maximum=9),
                },
                required=["origin", "destination", "date"],
            ),
            tool(
                "book_hotel",
                "Book a hotel room.",
                {
                    "city": s("City"),
                    "check_in": s("Check-in date"),
                    "nights": i("Nights", minimum=1),
                },
            ),
            tool(
                "get_directions",
                "Get directions between two places.",
                {
                    "origin": s("Start address or place"),
                    "destination": s("End address or place"),
                    "mode": s("Travel mode", enum=["driving", "walking", "transit", "cycling"]),
                },
                required=["origin", "destination"],
            ),
        ],
        "cases": [
            (
                "Find flights from Boston to Chicago on 2025-09-12 for 2 passengers",
                "search_flights",
                {
                    "origin": "Boston",
                    "destination": "Chicago",
                    "date": "2025-09-12",
                    "passengers": 2,
                },
            ),
            (
                "Are there flights from LAX to JFK tomorrow?",
                "search_flights",
                {"origin": "LAX", "destination": "JFK", "date": "tomorrow"},
            ),
            (
                "Search flights to Rome from Paris on June 3",
                "search_flights",
                {"origin": "Paris", "destination": "Rome", "date": "June 3"},
            ),
            (
                "Book a hotel in Lisbon from 2025-08-01 for 3 nights",
                "book_hotel",
                {"city": "Lisbon", "check_in": "2025-08-01", "nights": 3},
            ),
            (
                "I need a hotel room in Kyoto checking in on May 2 for 2 nights",
                "book_hotel",
                {"city": "Kyoto", "check_in": "May 2", "nights": 2},
            ),
            (
                "Reserve a hotel in Vienna for 1 night starting 2025-12-30",
                "book_hotel",
                {"city": "Vienna", "check_in": "2025-12-30", "nights": 1},
            ),
            (
                "How do I get from the Louvre to the Eiffel Tower walking?",
                "get_directions",
                {"origin": "Louvre", "destination": "Eiffel Tower", "mode": "walking"},
            ),
            (
                "Directions from Union Station to Central Park by transit",
                "get_directions",
                {"origin": "Union Station", "destination": "Central Park", "mode": "transit"},
            ),
            (
                "What's the route from Oakland to Berkeley by driving?",
                "get_directions",
                {"origin": "Oakland", "destination": "Berkeley", "mode": "driving"},
            ),
        ],
    },
    {
        "app": "notes and tasks",
        "tools": [
            tool(
                "create_note",
                "Save a note with a title and content.",
                {"title": s("Note title"), "content": s("Note body")},
            ),
            tool(
                "add_task",
                "Add a task to the to-do list.",
                {
                    "task": s("What needs doing"),
                    "due_date": s("Due date"),
                    "priority": s("Priority", enum=["low", "medium", "high"]),
                },
                required=["task"],
            ),
            tool(
                "list_tasks",
                "List the tasks on the to-do list by status.",
                {"status": s("Which tasks", enum=["open", "done", "all"])},
            ),
        ],
        "cases": [
            (
                "Make a note titled 'Ideas' saying try the new parser",
                "create_note",
                {"title": "Ideas", "content": "try the new parser"},
            ),
            (
                "Create a note called Groceries with the content: eggs, milk, bread",
                "create_note",
                {"title": "Groceries", "content": "eggs, milk, bread"},
            ),
            (
                'Save a note named "Wifi" that says the password is on the fridge',
                "create_note",
                {"title": "Wifi", "content": "the password is on the fridge"},
            ),
            (
                "Add a high priority task to renew my passport by 2025-04-01",
                "add_task",
                {"task": "renew my passport", "priority": "high", "due_date": "2025-04-01"},
            ),
            ("Add 'call the plumber' to my to-do list", "add_task", {"task": "call the plumber"}),
            (
                "Remind me with a task: file taxes, low priority",
                "add_task",
                {"task": "file taxes", "priority": "low"},
            ),
            ("What tasks are still open?", "list_tasks", {"status": "open"}),
            ("Show me my done tasks", "list_tasks", {"status": "done"}),
            ("List all my tasks", "list_tasks", {"status": "all"}),
        ],
    },
    {
        "app": "user admin",
        "tools": [
            tool(
                "get_user",
                "Look up a user account by email address.",
                {"email": s("The user's email")},
            ),
            tool(
                "create_user",
                "Create a new user account.",
                {
                    "name": s("Full name"),
                    "email": s("Email address"),
                    "role": s("Role", enum=["admin", "editor", "viewer"]),
                },
                required=["name", "email"],
            ),
            tool(
                "deactivate_user",
                "Deactivate a user account by user ID.",
                {"user_id": i("User ID")},
            ),
        ],
        "cases": [
            (
                "My email is jane.doe@example.com, can you find my account?",
                "get_user",
                {"email": "jane.doe@example.com"},
            ),
            ("Look up the user sam@shop.io", "get_user", {"email": "sam@shop.io"}),
            (
                "Who is the account holder for li.wei@uni.edu?",
                "get_user",
                {"email": "li.wei@uni.edu"},
            ),
            (
                "Create a user for Grace Hopper, grace@navy.mil, as an admin",
                "create_user",
                {"name": "Grace Hopper", "email": "grace@navy.mil", "role": "admin"},
            ),
            (
                "Add a new viewer account: Tom Lee, tom@lee.dev",
                "create_user",
                {"name": "Tom Lee", "email": "tom@lee.dev", "role": "viewer"},
            ),
            (
                "Register Maria Garcia with email maria@garcia.es",
                "create_user",
                {"name": "Maria Garcia", "email": "maria@garcia.es"},
            ),
            ("Deactivate user 1042", "deactivate_user", {"user_id": 1042}),
            ("Please disable the account of user id 77", "deactivate_user", {"user_id": 77}),
            ("Deactivate the user with ID 5", "deactivate_user", {"user_id": 5}),
        ],
    },
    {
        "app": "support desk",
        "tools": [
            tool(
                "create_ticket",
                "Open a support ticket.",
                {
                    "subject": s("Short summary"),
                    "description": s("What happened"),
                    "priority": s("Urgency", enum=["low", "normal", "urgent"]),
                },
                required=["subject", "description"],
            ),
            tool(
                "get_ticket_status",
                "Check the status of a support ticket.",
                {"ticket_id": s("Ticket number, e.g. TCK-1001")},
            ),
        ],
        "cases": [
            (
                "Open an urgent ticket about the login page: users get a 500 error",
                "create_ticket",
                {"subject": "the login page", "priority": "urgent"},
            ),
            (
                "File a support ticket titled 'Printer jam' saying the 3rd floor printer is stuck",
                "create_ticket",
                {"subject": "Printer jam"},
            ),
            (
                "Create a low priority ticket regarding a typo on the pricing page",
                "create_ticket",
                {"subject": "typo on the pricing page", "priority": "low"},
            ),
            (
                "What's the status of ticket TCK-1001?",
                "get_ticket_status",
                {"ticket_id": "TCK-1001"},
            ),
            ("Any update on TCK-2002?", "get_ticket_status", {"ticket_id": "TCK-2002"}),
            ("Check ticket number 3003 for me", "get_ticket_status", {"ticket_id": "3003"}),
        ],
    },
    {
        "app": "restaurants",
        "tools": [
            tool(
                "search_restaurants",
                "Find restaurants near a location, optionally by cuisine.",
                {"location": s("Neighbourhood or city"), "cuisine": s("Type of food")},
                required=["location"],
            ),
            tool(
                "book_table",
                "Reserve a table at a restaurant.",
                {
                    "restaurant": s("Restaurant name"),
                    "party_size": i("Number of people", minimum=1),
                    "date": s("Date"),
                    "time": s("Time"),
                },
            ),
        ],
        "cases": [
            (
                "Find Thai restaurants in Brooklyn",
                "search_restaurants",
                {"location": "Brooklyn", "cuisine": "Thai"},
            ),
            (
                "Where can I eat sushi near Shibuya?",
                "search_restaurants",
                {"location": "Shibuya", "cuisine": "sushi"},
            ),
            ("Any good restaurants in Soho?", "search_restaurants", {"location": "Soho"}),
            (
                "Book a table at Luigi's for 4 people tomorrow at 7pm",
                "book_table",
                {"restaurant": "Luigi", "party_size": 4, "date": "tomorrow", "time": "7pm"},
            ),
            (
                "Reserve a table for 2 at Nopa on Friday at 8:30 pm",
                "book_table",
                {"restaurant": "Nopa", "party_size": 2, "date": "Friday", "time": "8:30 pm"},
            ),
            (
                "Table for six at Chez Panisse on 2025-10-10 at 19:00 please",
                "book_table",
                {
                    "restaurant": "Chez Panisse",
                    "party_size": 6,
                    "date": "2025-10-10",
                    "time": "19:00",
                },
            ),
        ],
    },
    {
        "app": "little utilities",
        "tools": [
            tool(
                "roll_dice",
                "Roll one or more dice with a given number of sides.",
                {
                    "sides": i("Sides per die", minimum=2, maximum=100),
                    "count": i("How many dice", minimum=1),
                },
            ),
            tool(
                "generate_password",
                "Generate a random password.",
                {"length": i("Length", minimum=8, maximum=64), "include_symbols": b("Use symbols")},
                required=["length"],
            ),
            tool(
                "get_definition",
                "Look up the dictionary definition of an English word.",
                {"word": s("The word")},
            ),
            tool(
                "convert_units",
                "Convert a value between units of length, weight or temperature.",
                {
                    "value": n("The value"),
                    "from_unit": s("Unit to convert from"),
                    "to_unit": s("Unit to convert to"),
                },
            ),
            tool("shorten_url", "Create a short link for a long URL.", {"url": s("The long URL")}),
        ],
        "cases": [
            ("Roll 2 dice with 6 sides", "roll_dice", {"sides": 6, "count": 2}),
            ("Roll a 20-sided die", "roll_dice", {"sides": 20}),
            ("Roll 3 dice, 8 sides each", "roll_dice", {"sides": 8, "count": 3}),
            (
                "Generate a 16 character password with symbols",
                "generate_password",
                {"length": 16, "include_symbols": True},
            ),
            ("Make me a random password of length 12", "generate_password", {"length": 12}),
            (
                "I need a new 20-character password without symbols",
                "generate_password",
                {"length": 20, "include_symbols": False},
            ),
            ("Define the word 'serendipity'", "get_definition", {"word": "serendipity"}),
            ('What is the meaning of "ephemeral"?', "get_definition", {"word": "ephemeral"}),
            (
                "Look up the definition of ubiquitous in the dictionary",
                "get_definition",
                {"word": "ubiquitous"},
            ),
            (
                "Convert 5 miles to kilometers",
                "convert_units",
                {"value": 5, "from_unit": "miles", "to_unit": "kilometers"},
            ),
            (
                "How many pounds is 70 kg?",
                "convert_units",
                {"value": 70, "from_unit": "kg", "to_unit": "pounds"},
            ),
            (
                "Convert 30 celsius to fahrenheit",
                "convert_units",
                {"value": 30, "from_unit": "celsius", "to_unit": "fahrenheit"},
            ),
            (
                "Shorten https://example.com/some/very/long/path?x=1",
                "shorten_url",
                {"url": "https://example.com/some/very/long/path?x=1"},
            ),
            (
                "Make a short link for https://docs.python.org/3/library/re.html",
                "shorten_url",
                {"url": "https://docs.python.org/3/library/re.html"},
            ),
            (
                "Can you shorten this URL: https://news.site.org/a/b/c",
                "shorten_url",
                {"url": "https://news.site.org/a/b/c"},
            ),
        ],
    },
    {
        "app": "orders with nested objects and arrays",
        "tools": [
            tool(
                "create_shipment",
                "Create a shipment for a parcel.",
                {
                    "recipient": {
                        "type": "object",
                        "properties": {"name": s("Recipient name"), "email": s("Recipient email")},
                        "required": ["name"],
                    },
                    "address": {
                        "type": "object",
                        "properties": {"street": s(), "city": s("City"), "postal_code": s()},
                        "required": ["city"],
                    },
                    "express": b("Next-day delivery"),
                },
                required=["recipient", "address"],
            ),
            tool(
                "track_parcel",
                "Track a parcel by its tracking number.",
                {"tracking_number": s("Tracking number, e.g. 1Z999AA1")},
            ),
            tool(
                "tag_orders",
                "Add tags to orders.",
                {
                    "order_ids": {"type": "array", "items": s(), "minItems": 1},
                    "tags": {
                        "type": "array",
                        "items": s("Tag", enum=["gift", "fragile", "priority"]),
                    },
                },
            ),
        ],
        "cases": [
            (
                "Ship a parcel to Ana Silva in Porto, express",
                "create_shipment",
                {"recipient": {"name": "Ana Silva"}, "address": {"city": "Porto"}, "express": True},
            ),
            (
                "Create a shipment for Ken Sato, ken@sato.jp, in Osaka",
                "create_shipment",
                {
                    "recipient": {"name": "Ken Sato", "email": "ken@sato.jp"},
                    "address": {"city": "Osaka"},
                },
            ),
            (
                "Send a package to Lena Braun in Munich",
                "create_shipment",
                {"recipient": {"name": "Lena Braun"}, "address": {"city": "Munich"}},
            ),
            (
                "Track parcel 1Z999AA10123456784",
                "track_parcel",
                {"tracking_number": "1Z999AA10123456784"},
            ),
            (
                "Where is my package? Tracking number TRK55512",
                "track_parcel",
                {"tracking_number": "TRK55512"},
            ),
            (
                "Track my shipment RR123456789CN",
                "track_parcel",
                {"tracking_number": "RR123456789CN"},
            ),
            (
                "Tag orders A100 and A101 as gift",
                "tag_orders",
                {"order_ids": ["A100", "A101"], "tags": ["gift"]},
            ),
            (
                "Mark order B7 as fragile and priority",
                "tag_orders",
                {"order_ids": ["B7"], "tags": ["fragile", "priority"]},
            ),
            ("Add the gift tag to order C3", "tag_orders", {"order_ids": ["C3"], "tags": ["gift"]}),
        ],
    },
    {
        "app": "a Chinese-language menu",
        "tools": [
            tool("query_weather", "查询某个城市今天的天气。", {"city": s("城市名称，例如 北京")}),
            tool("query_order", "根据订单号查询订单状态。", {"order_id": s("订单号")}),
            tool("calc_sum", "计算两个数字的和。", {"x": n(), "y": n()}),
        ],
        "cases": [
            ("上海今天天气怎么样？", "query_weather", {"city": "上海"}),
            ("帮我查一下广州的天气", "query_weather", {"city": "广州"}),
            ("深圳的天气如何？", "query_weather", {"city": "深圳"}),
            ("帮我查一下订单 A2024 的状态", "query_order", {"order_id": "A2024"}),
            ("我的订单 88231 到哪了？", "query_order", {"order_id": "88231"}),
            ("订单号 ZX-77 现在是什么状态？", "query_order", {"order_id": "ZX-77"}),
            ("12 加 30 等于多少？", "calc_sum", {"x": 12, "y": 30}),
            ("请计算 1.5 和 2.5 的和", "calc_sum", {"x": 1.5, "y": 2.5}),
            ("100 + 250 是多少？", "calc_sum", {"x": 100, "y": 250}),
        ],
    },
    {
        "app": "music and media",
        "tools": [
            tool(
                "play_song",
                "Play a song by title, optionally by a given artist.",
                {"title": s("Song title"), "artist": s("Artist name")},
                required=["title"],
            ),
            tool(
                "search_movies",
                "Search for movies by keyword and release year.",
                {"keyword": s("Keyword"), "year": i("Release year", minimum=1900, maximum=2030)},
                required=["keyword"],
            ),
            tool(
                "set_volume",
                "Set the speaker volume.",
                {"level": i("Volume 0-100", minimum=0, maximum=100)},
            ),
        ],
        "cases": [
            (
                'Play "Bohemian Rhapsody" by Queen',
                "play_song",
                {"title": "Bohemian Rhapsody", "artist": "Queen"},
            ),
            ("Play the song 'Clair de Lune'", "play_song", {"title": "Clair de Lune"}),
            (
                "Put on 'Hey Jude' by The Beatles",
                "play_song",
                {"title": "Hey Jude", "artist": "Beatles"},
            ),
            (
                "Find movies about space travel from 1968",
                "search_movies",
                {"keyword": "space travel", "year": 1968},
            ),
            ("Search for films with dinosaurs", "search_movies", {"keyword": "dinosaurs"}),
            (
                "Look for heist movies released in 2001",
                "search_movies",
                {"keyword": "heist", "year": 2001},
            ),
            ("Set the volume to 30", "set_volume", {"level": 30}),
            ("Turn the volume down to 10", "set_volume", {"level": 10}),
            ("Volume 75 please", "set_volume", {"level": 75}),
        ],
    },
]
