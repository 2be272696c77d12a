// Builds seed/catalogue.json from the hand-written tables below.
// Usage: node seed/build-catalogue.mjs
//
// Product rows are written by hand: [brand, name, unit, price, images, description, options?]
//   brand   - brand name (or null for loose fresh produce); used for the "Brand" detail
//   images  - space-separated image names without ".webp"; "" means the sub-category's picture
//   options - { d: discount %, s: stock, m: more_details object, extra: more sub-category keys }
// Discount and stock are filled in deterministically (hash of the name) unless given,
// so the output is stable between runs.

import { writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));

const categories = [
  { key: "dairy", name: "Dairy, Bread & Eggs", image: "milk" },
  { key: "fruits-vegetables", name: "Fruits & Vegetables", image: "carrot" },
  { key: "atta-rice-dal", name: "Atta, Rice & Dal", image: "rice" },
  { key: "snacks", name: "Snacks & Munchies", image: "fries" },
  { key: "sweet-tooth", name: "Sweet Tooth", image: "chocolate" },
  { key: "cold-drinks", name: "Cold Drinks & Juices", image: "soft-drink" },
  { key: "tea-coffee", name: "Tea, Coffee & Health Drinks", image: "tea" },
  { key: "masala-oil", name: "Masala, Oil & More", image: "chilli" },
  { key: "bakery-biscuits", name: "Bakery & Biscuits", image: "cookie" },
  { key: "instant-frozen", name: "Instant & Frozen Food", image: "noodles" },
  { key: "cleaning", name: "Cleaning Essentials", image: "detergent" },
  { key: "personal-care", name: "Personal Care", image: "soap" },
  { key: "baby-care", name: "Baby Care", image: "baby-bottle" },
  { key: "pet-care", name: "Pet Care", image: "dog" },
];

// [key, name, image, categories, details pool]
// The details pool is where the optional "more_details" fields come from.
const fresh = (life, tip) => ({ "Shelf Life": life, "Storage Tips": tip, "Country of Origin": "India" });
const pack = (life, tip, origin = "India") => ({ "Shelf Life": life, "Storage Tips": tip, "Country of Origin": origin });

const subCategories = [
  ["milk", "Milk", "milk", ["dairy"], fresh("2 days", "Keep refrigerated below 4°C; boil before use")],
  ["bread-pav", "Bread & Pav", "bread", ["dairy", "bakery-biscuits"], fresh("4 days", "Store in a cool, dry place away from sunlight")],
  ["eggs", "Eggs", "eggs", ["dairy"], fresh("14 days", "Refrigerate and store pointed end down")],
  ["paneer-tofu", "Paneer & Tofu", "paneer", ["dairy", "instant-frozen"], fresh("7 days", "Keep refrigerated; soak in warm water before cooking for extra softness")],
  ["curd-yogurt", "Curd & Yogurt", "curd", ["dairy"], fresh("7 days", "Keep refrigerated below 5°C")],
  ["butter-cheese", "Butter & Cheese", "butter", ["dairy"], fresh("6 months", "Keep refrigerated below 4°C")],

  ["fresh-fruits", "Fresh Fruits", "apple", ["fruits-vegetables"], fresh("3-5 days", "Store in a cool place; refrigerate once ripe")],
  ["fresh-vegetables", "Fresh Vegetables", "tomato", ["fruits-vegetables"], fresh("3-4 days", "Store in the vegetable crisper of your refrigerator")],
  ["exotics", "Exotic Fruits & Veggies", "avocado", ["fruits-vegetables"], { "Shelf Life": "4-6 days", "Storage Tips": "Refrigerate in a breathable bag" }],
  ["leafy-herbs", "Leafy Greens & Herbs", "herbs", ["fruits-vegetables"], fresh("2-3 days", "Wrap in a damp cloth and refrigerate")],

  ["atta-flours", "Atta & Flours", "flatbread", ["atta-rice-dal"], pack("3 months", "Store in an airtight container")],
  ["rice", "Rice & Rice Products", "rice", ["atta-rice-dal"], pack("12 months", "Store in a cool, dry place in an airtight container")],
  ["dals-pulses", "Dals & Pulses", "beans", ["atta-rice-dal"], pack("9 months", "Store in an airtight container away from moisture")],
  ["sugar-salt", "Sugar, Salt & Jaggery", "salt", ["atta-rice-dal", "masala-oil"], pack("24 months", "Keep the pack tightly closed after opening")],

  ["chips-crisps", "Chips & Crisps", "fries", ["snacks"], pack("4 months", "Once opened, store in an airtight container")],
  ["namkeen-bhujia", "Namkeen & Bhujia", "pretzel", ["snacks"], pack("6 months", "Store in a cool, dry place; consume soon after opening")],
  ["popcorn-nachos", "Popcorn & Nachos", "popcorn", ["snacks"], pack("6 months", "Store in a cool, dry place")],
  ["dry-fruits-nuts", "Dry Fruits & Nuts", "peanuts", ["snacks"], pack("6 months", "Refrigerate after opening to keep nuts crunchy")],

  ["chocolates", "Chocolates", "chocolate", ["sweet-tooth"], pack("9 months", "Store below 25°C, away from direct sunlight")],
  ["candies-gums", "Candies & Gums", "candy", ["sweet-tooth"], pack("12 months", "Store in a cool, dry place")],
  ["ice-creams", "Ice Creams & Frozen Desserts", "ice-cream", ["sweet-tooth", "instant-frozen"], pack("6 months", "Keep frozen at -18°C or below")],
  ["indian-sweets", "Indian Sweets", "gulab-jamun", ["sweet-tooth"], pack("6 months", "Refrigerate after opening and consume within 3 days")],

  ["soft-drinks", "Soft Drinks", "soft-drink", ["cold-drinks"], pack("6 months", "Best served chilled")],
  ["fruit-juices", "Fruit Juices", "juice", ["cold-drinks"], pack("6 months", "Refrigerate after opening and consume within 2 days")],
  ["water-soda", "Water & Soda", "water", ["cold-drinks"], pack("6 months", "Store away from sunlight and strong odours")],
  ["energy-drinks", "Energy & Sports Drinks", "high-voltage", ["cold-drinks"], pack("9 months", "Best served chilled")],
  ["iced-tea-coffee", "Iced Tea & Cold Coffee", "cold-coffee", ["cold-drinks"], pack("6 months", "Shake well and serve chilled")],

  ["tea", "Tea", "tea", ["tea-coffee"], pack("18 months", "Store in an airtight container away from moisture")],
  ["green-tea", "Green & Herbal Tea", "tea-leaves", ["tea-coffee"], pack("24 months", "Store in a cool, dry place")],
  ["coffee", "Coffee", "coffee", ["tea-coffee"], pack("18 months", "Close the lid tightly after every use")],
  ["health-drinks", "Health Drinks", "jar", ["tea-coffee"], pack("12 months", "Use a dry spoon; store in a cool, dry place")],

  ["masala-powders", "Powdered Masala", "chilli", ["masala-oil"], pack("12 months", "Store in an airtight container away from sunlight")],
  ["whole-spices", "Whole Spices", "garlic", ["masala-oil"], pack("12 months", "Store in an airtight container")],
  ["cooking-oil", "Cooking Oil", "oil", ["masala-oil"], pack("9 months", "Store in a cool, dark place")],
  ["ghee", "Ghee & Vanaspati", "ghee", ["masala-oil"], pack("9 months", "Store at room temperature; no refrigeration needed")],
  ["sauces-spreads", "Sauces & Spreads", "honey", ["masala-oil"], pack("12 months", "Refrigerate after opening")],
  ["pickles", "Pickles & Chutney", "pickle", ["masala-oil"], pack("12 months", "Always use a dry spoon")],

  ["cookies", "Cookies", "cookie", ["bakery-biscuits"], pack("6 months", "Store in an airtight container after opening")],
  ["cream-biscuits", "Cream Biscuits", "crackers", ["bakery-biscuits"], pack("6 months", "Store in a cool, dry place")],
  ["glucose-marie", "Glucose, Marie & Crackers", "cookie", ["bakery-biscuits"], pack("6 months", "Store in an airtight container after opening")],
  ["rusk-khari", "Rusk & Khari", "croissant", ["bakery-biscuits"], pack("3 months", "Store in an airtight container to keep crisp")],
  ["cakes-muffins", "Cakes & Muffins", "cake", ["bakery-biscuits"], pack("10 days", "Store in a cool, dry place")],

  ["noodles-pasta", "Noodles & Pasta", "noodles", ["instant-frozen"], pack("9 months", "Store in a cool, dry place")],
  ["ready-to-eat", "Ready to Eat", "curry", ["instant-frozen"], pack("12 months", "Store at room temperature; refrigerate leftovers")],
  ["frozen-snacks", "Frozen Snacks", "momos", ["instant-frozen"], pack("9 months", "Keep frozen at -18°C; do not refreeze once thawed")],
  ["soups", "Soups", "soup", ["instant-frozen"], pack("12 months", "Store in a cool, dry place")],
  ["breakfast-cereals", "Breakfast Cereals", "cereal", ["instant-frozen"], pack("9 months", "Fold the inner bag tightly after opening")],

  ["detergents", "Detergents & Laundry", "detergent", ["cleaning"], pack("36 months", "Keep out of reach of children")],
  ["dishwash", "Dishwash", "sponge", ["cleaning"], pack("36 months", "Keep away from children; store in a dry place")],
  ["floor-toilet", "Floor & Toilet Cleaners", "toilet", ["cleaning"], pack("24 months", "Do not mix with other cleaners; keep away from children")],
  ["cleaning-tools", "Mops, Brooms & Tools", "broom", ["cleaning"], { "Country of Origin": "India", "Care": "Rinse and dry after use" }],
  ["tissues", "Tissues & Toilet Rolls", "toilet-paper", ["cleaning"], { "Country of Origin": "India", "Storage Tips": "Store in a dry place" }],
  ["home-needs", "Garbage Bags & Home Needs", "dustbin", ["cleaning"], { "Country of Origin": "India", "Usage": "For household use" }],

  ["bath-body", "Bath & Body", "soap", ["personal-care"], pack("36 months", "Store in a cool, dry place")],
  ["oral-care", "Oral Care", "toothbrush", ["personal-care"], pack("36 months", "Store below 30°C")],
  ["skin-care", "Skin Care", "lotion", ["personal-care"], pack("36 months", "Store away from direct sunlight")],
  ["hair-care", "Hair Care", "shampoo", ["personal-care"], pack("36 months", "For external use only")],
  ["shaving", "Shaving & Grooming", "razor", ["personal-care"], { "Country of Origin": "India", "Usage": "For external use only" }],
  ["health-wellness", "Health & Wellness", "pill", ["personal-care"], pack("24 months", "Store below 25°C, out of reach of children")],

  ["diapers-wipes", "Diapers & Wipes", "baby", ["baby-care"], { "Country of Origin": "India", "Storage Tips": "Store in a cool, dry place" }],
  ["baby-food", "Baby Food", "baby-bottle", ["baby-care"], pack("12 months", "Use within 4 weeks of opening")],
  ["baby-bath", "Baby Bath & Skin", "lotion", ["baby-care"], pack("30 months", "For external use only")],
  ["feeding", "Feeding Essentials", "baby-bottle", ["baby-care"], { "Country of Origin": "Imported", "Care": "Sterilise before first use" }],

  ["dog-food", "Dog Food", "dog", ["pet-care"], pack("18 months", "Seal the pack after use; keep fresh water available")],
  ["cat-food", "Cat Food", "cat", ["pet-care"], pack("18 months", "Refrigerate opened wet food and use within 24 hours")],
  ["pet-treats", "Pet Treats & Grooming", "paw", ["pet-care"], { "Country of Origin": "India", "Usage": "Treats should not exceed 10% of daily diet" }],
];

// ---------------------------------------------------------------------------
// Products, grouped by sub-category key.
const P = {
  milk: [
    ["Amul", "Amul Taaza Toned Fresh Milk", "500 ml", 27, "", "Homogenised toned milk from Amul, standardised to 3% fat and 8.5% SNF. Pasteurised for everyday tea, coffee and breakfast bowls.", { d: 0 }],
    ["Amul", "Amul Gold Full Cream Fresh Milk", "500 ml", 34, "", "Rich and creamy full cream milk with 6% fat. Ideal for kheer, paneer at home and a thick, frothy chai.", { d: 0 }],
    ["Mother Dairy", "Mother Dairy Toned Milk", "500 ml", 27, "", "Fresh pasteurised toned milk from Mother Dairy, delivered chilled. A dependable everyday milk for the whole family.", { d: 0 }],
    ["Mother Dairy", "Mother Dairy Full Cream Milk", "1 L", 68, "", "Creamy full cream milk with a natural sweetness. Sets a thick curd and gives a generous layer of malai.", { d: 0 }],
    ["Nandini", "Nandini GoodLife Toned Milk", "1 L", 70, "milk", "UHT-treated toned milk in a Tetra Pak from Karnataka Milk Federation. Stays fresh for months unopened, with no preservatives and no need to boil."],
    ["Akshayakalpa", "Akshayakalpa Organic Cow Milk", "500 ml", 48, "", "Certified organic, farm-fresh cow milk from small farms around Tiptur. Untouched by hand, chilled right after milking and never reconstituted."],
    ["Amul", "Amul Lactose Free Milk", "250 ml", 25, "", "Toned milk with the lactose broken down, so it is easy on sensitive stomachs. Same taste and nutrition as regular milk."],
    ["Amul", "Amul Kool Kesar Flavoured Milk", "180 ml", 25, "milk", "Chilled saffron-and-cardamom flavoured milk in a handy bottle. A refreshing sweet treat for the lunchbox or an evening snack."],
  ],
  "bread-pav": [
    ["Harvest Gold", "Harvest Gold White Bread", "400 g", 40, "", "Soft, fluffy sandwich bread baked fresh every morning. Perfect for toast, bread pakora and quick sandwiches.", { d: 0 }],
    ["Britannia", "Britannia 100% Whole Wheat Bread", "400 g", 55, "bread grains", "Made with 100% whole wheat flour for extra fibre. Soft slices that stay fresh and make a wholesome breakfast."],
    ["Harvest Gold", "Harvest Gold Brown Bread", "400 g", 50, "", "Brown bread with added wheat bran and a light, soft crumb. Great for grilled sandwiches and toast."],
    ["Modern", "Modern Multigrain Bread", "400 g", 60, "bread grains", "Packed with oats, flax, millet and sunflower seeds. A hearty loaf with a nutty flavour and a soft texture."],
    ["English Oven", "English Oven Sandwich Bread", "350 g", 45, "", "Large square slices designed for sandwiches, with even edges and a fine crumb. No added trans fat."],
    ["Harvest Gold", "Harvest Gold Ladi Pav", "250 g", 30, "bread", "Six soft, buttery pav baked together in a tray. Made for vada pav, pav bhaji and misal pav.", { d: 0 }],
    ["English Oven", "English Oven Burger Buns", "4 pcs", 35, "bread burger", "Soft sesame-topped burger buns that toast beautifully. Sturdy enough to hold a juicy aloo tikki patty."],
  ],
  eggs: [
    ["Eggoz", "Eggoz Farm Fresh Brown Eggs", "6 pcs", 95, "eggs egg", "Brown eggs from hens raised on a natural, antibiotic-free diet. Each egg is checked for freshness before packing."],
    ["Farm Made", "Farm Made Free Range Eggs", "6 pcs", 120, "eggs egg", "Eggs from free-range hens that roam outdoors and forage naturally. Bright golden yolks and a rich taste."],
    ["Licious", "Licious Classic White Eggs", "30 pcs", 215, "egg", "A tray of 30 clean, graded white eggs. Perfect for a week of omelettes, bhurji and baking.", { d: 0 }],
    ["Suguna", "Suguna Protein Plus Eggs", "6 pcs", 66, "egg", "Table eggs from Suguna's hygienic farms, with about 6 g of protein per egg. Washed, graded and packed in a protective box.", { d: 0 }],
    ["Eggoz", "Eggoz Omega-3 Enriched Eggs", "6 pcs", 110, "eggs", "Eggs from hens fed a flaxseed-rich diet for added omega-3. A simple way to support heart health every morning."],
  ],
  "paneer-tofu": [
    ["Amul", "Amul Fresh Paneer", "200 g", 90, "", "Soft, fresh paneer made from pure milk, vacuum packed to stay moist. Ideal for paneer butter masala, tikka and bhurji.", { d: 0 }],
    ["Mother Dairy", "Mother Dairy Fresh Paneer", "200 g", 95, "", "Creamy, high-protein paneer with a melt-in-the-mouth texture. Holds its shape well in curries and on the grill."],
    ["Milky Mist", "Milky Mist Paneer", "200 g", 99, "paneer cheese", "Made from fresh cow milk with no added preservatives. Rich, soft cubes that soak up masala beautifully."],
    ["Gowardhan", "Gowardhan Classic Paneer", "200 g", 95, "", "Classic malai paneer made from fresh milk. Soft and spongy, perfect for shahi paneer and parathas."],
    ["Amul", "Amul Malai Paneer (Frozen)", "1 kg", 420, "paneer ice-cubes", "Frozen malai paneer block for large families and parties. Thaw in warm water before cutting for the softest texture."],
    ["Urban Platter", "Urban Platter Organic Firm Tofu", "200 g", 120, "paneer", "Firm soya tofu made from organic soybeans. A plant-based protein that grills, stir-fries and scrambles well."],
  ],
  "curd-yogurt": [
    ["Amul", "Amul Masti Curd", "400 g", 35, "", "Thick, fresh curd set from pasteurised toned milk. Enjoy it plain, as raita or with a spicy paratha.", { d: 0 }],
    ["Mother Dairy", "Mother Dairy Classic Curd", "400 g", 50, "", "Smooth and creamy curd with a mild tang, set in a cup. Made with active cultures that are good for digestion."],
    ["Nandini", "Nandini Fresh Curd", "500 g", 32, "", "Pure cow milk curd from Nandini, set fresh every day. A staple for curd rice and buttermilk.", { d: 0 }],
    ["Milky Mist", "Milky Mist Farm Fresh Set Curd", "400 g", 55, "curd milk", "Thick set curd made from fresh farm milk in a cup. Naturally rich in protein and probiotic cultures."],
    ["Epigamia", "Epigamia Strawberry Greek Yogurt", "90 g", 50, "curd strawberry", "Thick, high-protein Greek yogurt with real strawberry pieces. No preservatives, no artificial colours and less sugar."],
    ["Amul", "Amul Masti Spiced Buttermilk", "200 ml", 15, "milk", "Refreshing chaas with ginger, green chilli and curry leaves. A perfect cooler after a heavy lunch."],
    ["Mother Dairy", "Mother Dairy Mishti Doi", "85 g", 20, "curd", "Traditional Bengali sweet curd with a caramelised flavour. Set in a cup for a quick, cooling dessert."],
  ],
  "butter-cheese": [
    ["Amul", "Amul Pasteurised Butter", "100 g", 60, "butter", "The taste of India's favourite salted butter. Spread on hot toast, melt over pav bhaji or finish a dal tadka.", { d: 0 }],
    ["Amul", "Amul Garlic & Herbs Butter", "100 g", 65, "butter garlic herbs", "Creamy butter blended with roasted garlic and herbs. Makes instant garlic bread and tastes great on corn."],
    ["Amul", "Amul Processed Cheese Block", "200 g", 125, "cheese", "A firm processed cheese block that grates and melts easily. Great for sandwiches, pasta and cheese toast."],
    ["Amul", "Amul Cheese Slices", "200 g", 150, "cheese", "Ten individually separated cheese slices. Quick to use in burgers, sandwiches and wraps."],
    ["Britannia", "Britannia Cheese Slices", "200 g", 140, "cheese", "Creamy processed cheese slices with a mild flavour kids love. Each slice melts smoothly on a hot toast."],
    ["Go", "Go Mozzarella Cheese Block", "200 g", 130, "cheese pizza", "Stretchy mozzarella that melts into long strings on pizza. Also good on garlic bread and baked pasta."],
    ["Amul", "Amul Plain Cheese Spread", "200 g", 110, "cheese bread", "Smooth, creamy cheese spread in a resealable jar. Spread on bread, crackers or use as a quick dip."],
  ],

  "fresh-fruits": [
    [null, "Robusta Banana", "6 pcs (approx. 1 kg)", 48, "banana", "Sweet, filling robusta bananas harvested at the right stage. A quick energy snack and perfect for shakes.", { d: 0 }],
    [null, "Elaichi Banana (Yelakki)", "500 g", 45, "banana", "Small, fragrant bananas with a hint of cardamom sweetness. A favourite in South India for pooja and snacking."],
    [null, "Shimla Apple", "4 pcs (approx. 550 g)", 110, "apple", "Crisp, juicy apples from the orchards of Himachal Pradesh. Naturally sweet with a light tartness."],
    [null, "Nagpur Orange", "1 kg", 90, "orange", "Juicy, easy-to-peel oranges from Nagpur with a sweet-sour taste. Rich in vitamin C."],
    [null, "Alphonso Mango (Hapus)", "6 pcs", 649, "mango", "The king of mangoes from Ratnagiri, naturally ripened. Saffron-coloured flesh with an unmistakable aroma.", { s: 0 }],
    [null, "Kiran Watermelon", "1 pc (approx. 2 kg)", 79, "watermelon", "Sweet, crunchy watermelon with deep red flesh and few seeds. Chill it for the most refreshing summer snack."],
    [null, "Sweet Lime (Mosambi)", "1 kg", 80, "lime orange", "Juicy mosambi, perfect for fresh juice. Mildly sweet and gentle on the stomach."],
    [null, "Black Grapes (Seedless)", "500 g", 90, "grapes", "Plump, seedless black grapes from Nashik. Sweet, juicy and great for kids' lunchboxes."],
    [null, "Muskmelon (Kharbooja)", "1 pc (approx. 1 kg)", 65, "muskmelon", "Fragrant, sweet muskmelon with soft orange flesh. Enjoy as slices or blend into a summer smoothie."],
    [null, "Babugosha Pear", "500 g", 120, "pear", "Soft and juicy pears with a buttery texture. Ripen at room temperature and then refrigerate."],
    [null, "Tender Coconut", "1 pc", 65, "coconut", "Fresh green tender coconut full of sweet, naturally hydrating water. Scoop out the soft malai after."],
    [null, "Mahabaleshwar Strawberry", "200 g", 99, "strawberry", "Bright red strawberries from the hills of Mahabaleshwar. Sweet and tangy, perfect with cream or in milkshakes."],
    [null, "Queen Pineapple", "1 pc (approx. 800 g)", 89, "pineapple", "Golden, sweet pineapple with a tangy finish. Great for fruit chaat, raita and juice."],
  ],
  "fresh-vegetables": [
    [null, "Onion", "1 kg", 42, "onion", "Firm, medium-sized red onions from Nashik. The base of almost every Indian curry.", { d: 0 }],
    [null, "Potato", "1 kg", 38, "potato", "Fresh, all-purpose potatoes that cook evenly. Use for aloo sabzi, fries and parathas.", { d: 0 }],
    [null, "Hybrid Tomato", "500 g", 24, "tomato", "Firm, red hybrid tomatoes that are great for curries, chutneys and salads.", { d: 0 }],
    [null, "Green Chilli", "100 g", 12, "chilli", "Fresh, spicy green chillies to add heat to dals, curries and chutneys."],
    [null, "Ooty Carrot", "500 g", 40, "carrot", "Sweet, crunchy carrots from the Nilgiris. Perfect for gajar halwa, salads and stir-fries."],
    [null, "Green Capsicum", "250 g", 30, "capsicum", "Glossy green bell peppers with a mild flavour. Great in pizza, chilli paneer and stir-fries."],
    [null, "Cucumber (Kheera)", "500 g", 30, "cucumber", "Cool, crunchy cucumbers for salads and raita. Best eaten fresh and chilled."],
    [null, "Bharta Brinjal (Large)", "500 g", 35, "brinjal", "Large, glossy brinjals with few seeds, ideal for roasting. Makes a smoky baingan bharta."],
    [null, "Sweet Corn", "2 pcs", 40, "corn", "Juicy American sweet corn cobs. Boil, roast or use the kernels in soups and chaat."],
    [null, "Green Peas (Matar)", "250 g", 40, "peas", "Freshly picked green pea pods with sweet, tender peas inside. Perfect for matar paneer and pulao."],
    [null, "Sweet Potato (Shakarkandi)", "500 g", 45, "sweet-potato", "Naturally sweet, fibre-rich sweet potatoes. Roast them with chaat masala for a winter treat."],
    [null, "Button Mushroom", "200 g", 55, "mushroom", "Fresh white button mushrooms, cleaned and packed. Great in mushroom masala, soups and pizzas."],
  ],
  exotics: [
    [null, "Hass Avocado (Imported)", "1 pc", 149, "avocado", "Creamy Hass avocado imported from Tanzania. Ripen at room temperature for toast and guacamole.", { m: { "Country of Origin": "Tanzania" } }],
    [null, "Green Kiwi", "3 pcs", 99, "kiwi", "Tangy, juicy green kiwis packed with vitamin C. Scoop with a spoon or add to fruit bowls.", { m: { "Country of Origin": "New Zealand" } }],
    [null, "Blueberries (Imported)", "125 g", 349, "blueberries", "Plump, sweet blueberries rich in antioxidants. Enjoy with yogurt, oats or on their own.", { s: 0, m: { "Country of Origin": "Peru" } }],
    [null, "Broccoli", "1 pc (approx. 250 g)", 65, "broccoli", "Fresh green broccoli with tight florets. Steam, stir-fry or roast for a nutrient-rich side."],
    [null, "Red & Yellow Bell Pepper Combo", "2 pcs", 99, "capsicum", "One red and one yellow bell pepper, sweet and crunchy. Adds colour to salads, pastas and stir-fries."],
    [null, "Green Apple (Imported)", "4 pcs", 199, "green-apple", "Crisp, tart Granny Smith apples. Great for snacking, salads and baking.", { m: { "Country of Origin": "USA" } }],
    [null, "Red Cherries", "200 g", 249, "cherries", "Sweet, dark red cherries in season. A juicy snack and a lovely topping for desserts."],
    [null, "Peach", "500 g", 189, "peach", "Juicy, fragrant peaches with soft, sweet flesh. Enjoy fresh or slice over yogurt."],
  ],
  "leafy-herbs": [
    [null, "Coriander Leaves (Dhaniya)", "100 g", 15, "herbs", "Fresh, fragrant coriander bunches. The finishing touch for every curry, chaat and chutney.", { d: 0 }],
    [null, "Mint Leaves (Pudina)", "100 g", 15, "herbs", "Aromatic mint leaves for chutney, raita, mojitos and biryani.", { d: 0 }],
    [null, "Curry Leaves", "50 g", 10, "herbs", "Fresh curry leaves for tempering sambar, poha and upma. Adds a signature South Indian aroma."],
    [null, "Spinach (Palak)", "250 g", 25, "spinach", "Tender, cleaned spinach leaves rich in iron. Perfect for palak paneer and dal palak."],
    [null, "Fenugreek Leaves (Methi)", "100 g", 20, "spinach herbs", "Fresh methi bunches with a pleasant bitterness. Use in methi thepla, aloo methi and parathas."],
    [null, "Ginger (Adrak)", "200 g", 35, "ginger", "Fresh, juicy ginger root with a strong aroma. Essential for masala chai and ginger-garlic paste."],
    [null, "Garlic (Lahsun)", "200 g", 45, "garlic", "Firm garlic bulbs with plump cloves. Adds depth to tadkas, chutneys and pickles."],
    [null, "Lemon (Nimbu)", "4 pcs", 24, "lemon", "Juicy lemons for nimbu pani, salads and a squeeze over dal. Rich in vitamin C."],
    [null, "Sunflower Microgreens", "50 g", 79, "microgreens", "Crunchy, nutrient-dense sunflower microgreens grown hydroponically. Toss into salads, sandwiches and wraps."],
  ],

  "atta-flours": [
    ["Aashirvaad", "Aashirvaad Shudh Chakki Atta", "5 kg", 289, "flatbread grains", "Whole wheat atta ground the traditional chakki way. Makes soft, fluffy rotis that stay soft for hours."],
    ["Aashirvaad", "Aashirvaad Select Sharbati Atta", "5 kg", 345, "flatbread grains", "Premium atta made from sharbati wheat of Madhya Pradesh. Naturally sweet taste and golden rotis."],
    ["Fortune", "Fortune Chakki Fresh Atta", "5 kg", 265, "flatbread", "100% whole wheat chakki atta with zero maida. Kneads easily into a soft dough."],
    ["Pillsbury", "Pillsbury Chakki Fresh Atta", "5 kg", 270, "flatbread", "Chakki-ground whole wheat atta for soft, fluffy rotis. Packed with natural fibre."],
    ["Aashirvaad", "Aashirvaad Multigrain Atta", "1 kg", 75, "flatbread grains", "Whole wheat blended with soya, chana, oats, maize and psyllium husk. High-fibre rotis with the taste you love."],
    ["Rajdhani", "Rajdhani Besan", "500 g", 70, "grains", "Fine, pure gram flour milled from chana dal. Perfect for pakoras, besan ladoo and kadhi."],
    ["Rajdhani", "Rajdhani Sooji", "500 g", 42, "grains", "Fine, clean semolina for upma, halwa and rava idli. Roast lightly for the best flavour."],
  ],
  rice: [
    ["India Gate", "India Gate Basmati Rice Classic", "1 kg", 229, "rice grains", "Extra-long, aged basmati grains that cook up fluffy and separate. The choice for special biryanis and pulaos."],
    ["India Gate", "India Gate Feast Rozzana Basmati Rice", "5 kg", 529, "rice", "Everyday basmati rice with a delicate aroma. Great value for daily dal-chawal."],
    ["Daawat", "Daawat Rozana Super Basmati Rice", "1 kg", 125, "rice", "Aromatic basmati for everyday cooking. Grains elongate on cooking and stay non-sticky."],
    ["Fortune", "Fortune Biryani Special Basmati Rice", "1 kg", 199, "rice curry", "Aged long-grain basmati selected for biryani. Absorbs flavours well and stays separate."],
    ["Kohinoor", "Kohinoor Super Silver Basmati Rice", "1 kg", 139, "rice", "Kohinoor's aromatic basmati with slender grains. Cooks evenly for jeera rice and pulao."],
    ["24 Mantra", "24 Mantra Organic Sona Masoori Rice", "1 kg", 115, "rice", "Lightweight, aromatic Sona Masoori rice grown organically. Perfect for everyday South Indian meals."],
    ["Rajdhani", "Rajdhani Thick Poha", "500 g", 48, "rice", "Thick, flattened rice flakes that stay fluffy after cooking. Makes a quick kanda poha breakfast."],
  ],
  "dals-pulses": [
    ["Tata Sampann", "Tata Sampann Unpolished Toor Dal", "1 kg", 199, "beans", "Unpolished arhar dal that retains its natural goodness. Cooks soft and creamy for everyday dal."],
    ["Tata Sampann", "Tata Sampann Unpolished Moong Dal", "500 g", 89, "beans", "Yellow moong dal that is light on the stomach and cooks fast. Great for khichdi and moong dal halwa."],
    ["Tata Sampann", "Tata Sampann Unpolished Masoor Dal", "500 g", 79, "beans", "Unpolished red lentils that cook in minutes. Ideal for a quick masoor dal tadka."],
    ["Fortune", "Fortune Chana Dal", "1 kg", 110, "beans", "Clean, uniform chana dal rich in protein. Use for dal, puran poli and besan at home."],
    ["Rajdhani", "Rajdhani Rajma Chitra", "500 g", 95, "beans", "Speckled Chitra rajma that cooks creamy and soft. Soak overnight for a Sunday rajma chawal."],
    ["Tata Sampann", "Tata Sampann Kabuli Chana", "500 g", 99, "beans peas", "Large, creamy white chickpeas for chole and hummus. Sourced and cleaned for uniform size."],
    ["24 Mantra", "24 Mantra Organic Urad Dal Whole", "500 g", 110, "beans", "Organic whole black urad, the heart of a slow-cooked dal makhani. Grown without synthetic pesticides."],
  ],
  "sugar-salt": [
    ["Madhur", "Madhur Pure & Hygienic Sugar", "1 kg", 55, "jar", "Sparkling white sugar crystals packed untouched by hand. Dissolves quickly in tea and desserts.", { d: 0 }],
    ["Trust", "Trust Classic Sulphurless Sugar", "1 kg", 60, "jar", "Refined sugar made without sulphur for a cleaner taste. Fine grains that blend easily."],
    ["Dhampure", "Dhampure Demerara Brown Sugar", "500 g", 85, "jar", "Natural brown sugar with a mild caramel flavour. Adds richness to coffee, cakes and cookies."],
    ["Tata", "Tata Salt", "1 kg", 28, "salt", "Vacuum-evaporated iodised salt, India's most trusted salt. Desh ka namak.", { d: 0 }],
    ["Tata", "Tata Salt Lite Low Sodium", "1 kg", 45, "salt", "Iodised salt with 15% lower sodium than regular salt. A simple switch for a healthier diet."],
    ["Tata", "Tata Salt Rock Salt", "1 kg", 70, "salt", "Natural sendha namak for vrat cooking and raita. Free-flowing powder form."],
    ["24 Mantra", "24 Mantra Organic Jaggery Powder", "500 g", 99, "jar honey", "Chemical-free jaggery powder made from organic sugarcane. A natural sweetener for tea, ladoos and chikki."],
  ],

  "chips-crisps": [
    ["Lay's", "Lay's India's Magic Masala Potato Chips", "52 g", 20, "fries potato", "Crispy potato chips tossed in Lay's signature tangy Indian masala. India's favourite flavour."],
    ["Lay's", "Lay's Classic Salted Potato Chips", "52 g", 20, "fries potato", "Thin, crispy potato chips with just the right amount of salt. Simple and classic."],
    ["Lay's", "Lay's American Style Cream & Onion Potato Chips", "90 g", 50, "fries onion", "Crunchy chips with a creamy, herby onion seasoning. Great for movie nights."],
    ["Kurkure", "Kurkure Masala Munch", "82 g", 20, "fries", "Crunchy corn puffs with a fiery, tangy masala. Tedha hai par mera hai."],
    ["Bingo", "Bingo Mad Angles Achaari Masti", "72.5 g", 20, "crackers", "Triangle-shaped crisps with a tangy achaari masala. Irresistibly crunchy in every bite."],
    ["Bingo", "Bingo Tedhe Medhe Masala Tadka", "80 g", 20, "fries", "Twisty, crunchy sticks with a bold masala tadka. A perfect tea-time munch."],
    ["Uncle Chips", "Uncle Chips Spicy Treat", "55 g", 20, "fries potato", "Thick-cut potato chips with a spicy, peppery masala. The classic from the 90s."],
    ["Pringles", "Pringles Sour Cream & Onion Potato Crisps", "107 g", 115, "fries", "Stackable, saddle-shaped crisps in a resealable can. Creamy, tangy sour cream and onion flavour.", { s: 0, m: { "Country of Origin": "Malaysia" } }],
    ["Balaji", "Balaji Simply Salted Wafers", "40 g", 10, "potato", "Light, crunchy potato wafers from Balaji with a simple salted flavour. A Gujarati favourite."],
  ],
  "namkeen-bhujia": [
    ["Haldiram's", "Haldiram's Aloo Bhujia", "400 g", 110, "pretzel potato", "Crispy, spicy potato and besan sev from Haldiram's. Perfect with chai or sprinkled on poha."],
    ["Haldiram's", "Haldiram's Bhujia Sev", "200 g", 55, "pretzel", "Thin, crunchy besan bhujia spiced with moth dal and black pepper. A timeless Bikaneri snack."],
    ["Haldiram's", "Haldiram's Navrattan Mix", "200 g", 55, "pretzel peanuts", "A festive mix of nine ingredients including peanuts, sev, dal and raisins. Sweet, salty and spicy."],
    ["Bikaji", "Bikaji Bikaneri Bhujia", "400 g", 110, "pretzel", "Authentic Bikaneri bhujia made with moth dal flour and spices. Crunchy and full of flavour."],
    ["Haldiram's", "Haldiram's Moong Dal", "200 g", 50, "beans", "Crunchy, lightly salted fried moong dal. A light snack to pair with evening tea."],
    ["Haldiram's", "Haldiram's Khatta Meetha", "400 g", 105, "pretzel peanuts", "A sweet and tangy namkeen mix with sev, peanuts and raisins. Loved by kids and adults alike."],
    ["Bikano", "Bikano Shahi Mixture", "200 g", 55, "pretzel", "A royal mix of sev, boondi, nuts and cornflakes. Spiced just right for any time of day."],
    ["Haldiram's", "Haldiram's Classic Salted Peanuts", "200 g", 50, "peanuts", "Crunchy roasted peanuts with a light salt coating. A protein-rich snack on the go."],
  ],
  "popcorn-nachos": [
    ["Act II", "Act II Butter Lovers Microwave Popcorn", "99 g", 50, "popcorn", "Ready in about three minutes in the microwave. Fluffy popcorn with a rich, buttery taste."],
    ["Act II", "Act II Classic Salted Microwave Popcorn", "90 g", 45, "popcorn", "Light, fluffy, lightly salted popcorn. A movie-night classic ready in minutes."],
    ["4700BC", "4700BC Caramel Popcorn", "55 g", 99, "popcorn", "Gourmet mushroom popcorn coated in golden caramel. Crunchy, sweet and made with premium ingredients."],
    ["Doritos", "Doritos Nacho Cheese Tortilla Chips", "70 g", 50, "corn cheese", "Bold, crunchy corn tortilla chips loaded with nacho cheese seasoning."],
    ["Cornitos", "Cornitos Nacho Crisps Tikka Masala", "60 g", 40, "corn", "Crunchy corn nachos with a desi tikka masala twist. Pair with salsa or cheese dip."],
  ],
  "dry-fruits-nuts": [
    ["Happilo", "Happilo Premium California Almonds", "200 g", 289, "peanuts", "Handpicked, crunchy California almonds. Soak overnight for a healthy morning habit."],
    ["Happilo", "Happilo Premium Whole Cashews", "200 g", 279, "peanuts", "Large, whole W320 cashews with a creamy taste. Great for snacking and rich gravies."],
    ["Nutraj", "Nutraj Walnut Kernels", "200 g", 399, "chestnut", "Light halves of Chilean walnuts, rich in omega-3. Add to salads, cakes and breakfast bowls."],
    ["Farmley", "Farmley Seedless Raisins", "250 g", 149, "grapes", "Plump, sweet, seedless raisins. A natural sweetener for kheer, halwa and trail mixes."],
    ["Tulsi", "Tulsi Roasted & Salted Pistachios", "200 g", 349, "peanuts", "Crunchy in-shell pistachios roasted and lightly salted. A premium snack for festive gifting."],
    ["Farmley", "Farmley Peri Peri Makhana", "60 g", 99, "popcorn", "Roasted fox nuts tossed in spicy peri peri seasoning. Light, crunchy and guilt-free."],
  ],

  chocolates: [
    ["Cadbury", "Cadbury Dairy Milk Chocolate", "50 g", 50, "chocolate", "The classic smooth and creamy milk chocolate. Kuch meetha ho jaaye."],
    ["Cadbury", "Cadbury Dairy Milk Silk Chocolate", "60 g", 95, "chocolate", "Extra smooth, rich and creamy Dairy Milk Silk. Made for moments of indulgence."],
    ["Cadbury", "Cadbury 5 Star Chocolate Bar", "40 g", 20, "chocolate", "Chewy caramel and nougat covered in milk chocolate. A quick, satisfying treat."],
    ["Amul", "Amul Dark Chocolate 55% Cocoa", "150 g", 175, "chocolate", "Rich dark chocolate with 55% cocoa solids from Amul. A bittersweet bar for true chocolate lovers."],
    ["Nestle", "Nestle KitKat Chocolate Wafer", "38.5 g", 30, "chocolate", "Crispy wafer fingers covered in smooth milk chocolate. Have a break, have a KitKat."],
    ["Ferrero", "Ferrero Rocher Premium Chocolates", "16 pcs (200 g)", 699, "chocolate chestnut", "Whole hazelnut in a creamy filling, wrapped in crisp wafer and chocolate. A golden gift box for every celebration.", { s: 0, m: { "Country of Origin": "Italy" } }],
    ["Snickers", "Snickers Peanut Chocolate Bar", "50 g", 50, "chocolate peanuts", "Roasted peanuts, caramel and nougat in milk chocolate. Satisfies hunger on the go."],
    ["Cadbury", "Cadbury Bournville Rich Cocoa Dark Chocolate", "80 g", 100, "chocolate", "70% cocoa dark chocolate with an intense, rich flavour. You don't buy it, you earn it."],
  ],
  "candies-gums": [
    ["Parle", "Parle Melody Chocolaty Toffee", "195 g", 55, "candy", "Chewy caramel toffee with a chocolaty centre. Melody itni chocolaty kyun hai?"],
    ["Alpenliebe", "Alpenliebe Gold Caramel Candy", "195 g", 50, "candy", "Rich, creamy caramel hard candies. A sweet treat to share with friends."],
    ["Chupa Chups", "Chupa Chups Assorted Lollipops", "10 pcs", 100, "lollipop", "Colourful fruit-flavoured lollipops in strawberry, cola and more. A favourite at every birthday party."],
    ["Orbit", "Orbit Spearmint Sugar Free Chewing Gum", "22 g", 50, "candy", "Sugar-free gum with a cool spearmint flavour. Freshens breath after meals."],
    ["Pulse", "Pulse Kachcha Aam Candy", "100 pcs", 100, "candy mango", "Raw mango hard candy with a tangy, spicy masala centre. Famous for its surprise pulse of flavour."],
    ["Mentos", "Mentos Mint Roll", "37 g", 10, "candy", "Chewy mint dragees with a crisp sugar shell. Dimag ki batti jala de."],
  ],
  "ice-creams": [
    ["Amul", "Amul Vanilla Magic Ice Cream", "1 L", 180, "ice-cream", "Creamy real-milk vanilla ice cream in a family tub. Serve with gulab jamun or a warm brownie."],
    ["Kwality Wall's", "Kwality Wall's Cornetto Double Chocolate", "105 ml", 50, "softy chocolate", "Crunchy cone filled with chocolate ice cream and a chocolate tip. A classic Cornetto treat."],
    ["Kwality Wall's", "Kwality Wall's Magnum Almond", "80 ml", 90, "ice-cream chocolate", "Velvety vanilla ice cream coated in thick Belgian chocolate with almond pieces."],
    ["Mother Dairy", "Mother Dairy Kesar Pista Kulfi", "60 ml", 30, "ice-cream", "Traditional kulfi with saffron and pistachio on a stick. Dense, creamy and authentically desi."],
    ["Baskin Robbins", "Baskin Robbins Mississippi Mud Ice Cream", "450 ml", 299, "ice-cream chocolate", "Chocolate ice cream with fudge ribbons and chocolate chunks. An indulgent tub for sharing."],
    ["Havmor", "Havmor Butterscotch Ice Cream Tub", "700 ml", 199, "ice-cream", "Buttery butterscotch ice cream loaded with crunchy praline bits."],
    ["Naturals", "Naturals Tender Coconut Ice Cream", "500 ml", 325, "ice-cream coconut", "Made with real tender coconut malai and milk. A light, refreshing Naturals favourite.", { s: 0 }],
  ],
  "indian-sweets": [
    ["Haldiram's", "Haldiram's Gulab Jamun Tin", "1 kg", 240, "gulab-jamun", "Soft khoya gulab jamuns soaked in fragrant sugar syrup. Serve warm or chilled for any occasion."],
    ["Haldiram's", "Haldiram's Rasgulla Tin", "1 kg", 230, "rasgulla", "Spongy chhena rasgullas in light sugar syrup. A classic Bengali sweet, ready to serve."],
    ["Haldiram's", "Haldiram's Rasmalai Tin", "500 g", 199, "rasgulla milk", "Soft chhena discs soaked in saffron-cardamom flavoured milk. Best served chilled."],
    ["Amul", "Amul Kesar Shrikhand", "500 g", 125, "curd", "Thick, creamy hung-curd dessert flavoured with saffron and cardamom. A Gujarati and Maharashtrian favourite."],
    ["Gits", "Gits Gulab Jamun Mix", "200 g", 115, "gulab-jamun", "Instant mix for soft, melt-in-the-mouth gulab jamuns at home. Makes about 40 pieces."],
  ],

  "soft-drinks": [
    ["Coca-Cola", "Coca-Cola Soft Drink", "750 ml", 40, "soft-drink", "The original, refreshing taste of Coca-Cola. Best enjoyed ice cold with friends."],
    ["Thums Up", "Thums Up Soft Drink", "750 ml", 40, "soft-drink", "Strong, fizzy cola with a bold, spicy kick. Toofani taste since 1977."],
    ["Sprite", "Sprite Lime Flavoured Soft Drink", "750 ml", 40, "soft-drink lemon", "Clear, crisp lemon-lime soda. Clear hai!"],
    ["Coca-Cola", "Coca-Cola Zero Sugar Can", "300 ml", 40, "soft-drink", "Great Coca-Cola taste with zero sugar and zero calories, in a chilled can."],
    ["Fanta", "Fanta Orange Soft Drink", "2.25 L", 95, "soft-drink orange", "Bubbly, fruity orange soda in a party-size bottle. Fun for the whole family."],
    ["Mountain Dew", "Mountain Dew Soft Drink", "1.25 L", 65, "soft-drink lime", "Citrus-charged soft drink with a bold, energising taste. Darr ke aage jeet hai."],
    ["Campa", "Campa Cola", "500 ml", 20, "soft-drink", "The iconic Indian cola is back with its classic taste. Great value refreshment."],
  ],
  "fruit-juices": [
    ["Real", "Real Fruit Power Mixed Fruit Juice", "1 L", 120, "juice", "A blend of nine fruits with no added preservatives. Packed with vitamins for a great start to the day."],
    ["Real", "Real Activ 100% Orange Juice", "1 L", 145, "juice orange", "100% orange juice with no added sugar or preservatives. A glass of pure sunshine."],
    ["Tropicana", "Tropicana 100% Apple Juice", "1 L", 140, "juice apple", "Pure apple juice with no added sugar. Crisp, naturally sweet and refreshing."],
    ["Tropicana", "Tropicana Mixed Fruit Delight", "1 L", 115, "juice", "A tasty blend of apple, orange, mango, guava and pineapple. Serve chilled."],
    ["Paper Boat", "Paper Boat Aamras", "250 ml", 35, "juice mango", "Thick, luscious Alphonso mango drink, just like summer afternoons at home."],
    ["Paper Boat", "Paper Boat Aam Panna", "250 ml", 30, "juice mango", "Tangy raw mango drink with roasted cumin and black salt. A traditional summer cooler."],
    ["Raw Pressery", "Raw Pressery Cold Pressed Orange Juice", "250 ml", 99, "juice orange", "Cold-pressed from fresh oranges with nothing added. Just squeezed fruit, bottled chilled."],
    ["Maaza", "Maaza Mango Drink", "1.2 L", 70, "juice mango", "Thick, delicious mango drink made from Alphonso and Totapuri mangoes. Aam ka maza, Maaza."],
    ["Frooti", "Frooti Mango Drink", "600 ml", 35, "juice mango", "Fresh and juicy Frooti with the taste of ripe mangoes. A childhood favourite."],
  ],
  "water-soda": [
    ["Bisleri", "Bisleri Packaged Drinking Water", "1 L", 20, "water", "Purified through multiple stages and enriched with minerals. Safe, trusted drinking water.", { d: 0 }],
    ["Kinley", "Kinley Packaged Drinking Water", "2 L", 30, "water", "Purified water with added minerals for a clean, fresh taste. Ideal for travel and home.", { d: 0 }],
    ["Himalayan", "Himalayan Natural Mineral Water", "1 L", 80, "water", "Natural mineral water sourced from the foothills of the Himalayas. Naturally balanced minerals."],
    ["Aquafina", "Aquafina Packaged Drinking Water", "1 L", 20, "water", "Purified with a rigorous multi-step process for a pure, clean taste.", { d: 0 }],
    ["Kinley", "Kinley Club Soda", "750 ml", 20, "water soft-drink", "Sparkling club soda with lively bubbles. Perfect for nimbu soda and mocktails."],
    ["Schweppes", "Schweppes Indian Tonic Water", "300 ml", 60, "water soft-drink", "Crisp tonic water with a classic bitter note from quinine. Great for mocktails."],
  ],
  "energy-drinks": [
    ["Red Bull", "Red Bull Energy Drink", "250 ml", 125, "soft-drink high-voltage", "Vitalises body and mind with caffeine, taurine and B-vitamins. Red Bull gives you wings."],
    ["Monster", "Monster Energy Drink", "350 ml", 125, "soft-drink high-voltage", "A big, bold energy drink with a smooth flavour. Unleash the beast."],
    ["Gatorade", "Gatorade Blue Bolt Sports Drink", "500 ml", 50, "soft-drink", "Rehydrates and replenishes electrolytes lost in sweat. Ideal during and after workouts."],
    ["Glucon-D", "Glucon-D Tangy Orange Instant Energy Drink", "450 g", 120, "jar orange", "Glucose-based drink powder for instant energy on hot days. Mix two spoons in a glass of water."],
    ["Sting", "Sting Energy Drink", "250 ml", 20, "soft-drink high-voltage", "Berry-flavoured energy drink with caffeine for a quick boost. Great value energy."],
  ],
  "iced-tea-coffee": [
    ["Amul", "Amul Kool Cafe Cold Coffee", "200 ml", 30, "cold-coffee milk", "Chilled, creamy coffee milkshake made with real milk. Ready to drink, anytime."],
    ["Sleepy Owl", "Sleepy Owl Classic Cold Brew Can", "200 ml", 120, "cold-coffee coffee", "Smooth cold brew coffee steeped for 20 hours. Less acidic, naturally sweet and ready to drink."],
    ["Lipton", "Lipton Lemon Ice Tea", "350 ml", 40, "mocktail lemon", "Refreshing black iced tea with a zesty lemon twist. Serve chilled over ice."],
    ["Nescafe", "Nescafe Latte Ready to Drink Coffee", "180 ml", 60, "cold-coffee", "Smooth, creamy latte made with Nescafe coffee and milk. Chill and enjoy on the go."],
  ],

  tea: [
    ["Tata Tea", "Tata Tea Premium", "500 g", 290, "tea teapot", "A blend of strong Assam teas with a rich colour. Desh ki chai for every household."],
    ["Brooke Bond", "Brooke Bond Red Label Tea", "500 g", 285, "tea", "Natural care tea with five ayurvedic ingredients for a great-tasting, refreshing cup."],
    ["Tata Tea", "Tata Tea Gold", "500 g", 330, "tea", "Assam CTC blended with 15% gently rolled long leaves for a rich taste and aroma."],
    ["Brooke Bond", "Brooke Bond Taj Mahal Tea", "250 g", 190, "tea teapot", "Premium Assam tea with a rich flavour and refreshing aroma. Wah Taj!"],
    ["Wagh Bakri", "Wagh Bakri Premium Leaf Tea", "500 g", 260, "tea", "Strong, flavourful leaf tea from Gujarat's favourite tea house. Makes a perfect kadak chai."],
    ["Society", "Society Masala Tea", "250 g", 140, "tea ginger", "Premium Assam tea blended with ginger, cardamom, cinnamon and cloves. Instant masala chai."],
    ["Lipton", "Lipton Darjeeling Tea Bags", "25 bags", 150, "tea", "Delicate Darjeeling tea in convenient tea bags. Light, floral and muscatel."],
  ],
  "green-tea": [
    ["Lipton", "Lipton Honey Lemon Green Tea Bags", "25 bags", 170, "tea-leaves honey lemon", "Green tea with natural honey and lemon flavour. A light, refreshing cup with zero calories."],
    ["Tetley", "Tetley Green Tea Ginger Mint & Lemon", "30 bags", 190, "tea-leaves ginger", "Green tea with ginger, mint and lemon for a zesty, soothing brew. Rich in antioxidants."],
    ["Organic India", "Organic India Tulsi Green Tea", "25 bags", 170, "tea-leaves herbs", "Organic tulsi blended with green tea. A calming, caffeine-light cup for every day."],
    ["Twinings", "Twinings Pure Camomile Tea", "25 bags", 399, "tea-leaves teapot", "Soothing, caffeine-free camomile flowers with a honeyed taste. Perfect before bedtime.", { m: { "Country of Origin": "United Kingdom" } }],
    ["Vahdam", "Vahdam Turmeric Spiced Herbal Tea", "100 g", 449, "tea-leaves ginger", "Loose leaf herbal tea with turmeric, ginger and black pepper. Brew as a warming wellness cup."],
  ],
  coffee: [
    ["Nescafe", "Nescafe Classic Instant Coffee", "100 g", 360, "coffee jar", "100% pure coffee with a rich aroma, made with carefully selected beans. Dissolves instantly."],
    ["Bru", "Bru Instant Coffee", "100 g", 299, "coffee", "A blend of coffee and chicory for a classic, aromatic cup. Great for frothy home-made coffee."],
    ["Bru", "Bru Green Label Filter Coffee", "500 g", 299, "coffee", "South Indian filter coffee powder with 47% chicory. Brews a strong decoction with a thick body."],
    ["Nescafe", "Nescafe Gold Blend Instant Coffee", "50 g", 450, "coffee", "Premium golden roast coffee with a smooth, velvety taste. A cafe-style cup at home."],
    ["Continental", "Continental Xtra Instant Coffee", "50 g", 120, "coffee", "Strong instant coffee with a bold kick. Great for hot coffee and cold coffee alike."],
    ["Blue Tokai", "Blue Tokai Attikan Estate Ground Coffee", "250 g", 549, "coffee", "Medium roast single estate coffee from Karnataka with notes of chocolate and caramel. Ground for French press.", { s: 0 }],
  ],
  "health-drinks": [
    ["Bournvita", "Cadbury Bournvita Chocolate Health Drink", "500 g", 240, "jar chocolate milk", "Chocolate malt drink with vitamins D and B12 to support growing kids. Tann ki shakti, mann ki shakti."],
    ["Horlicks", "Horlicks Classic Malt Health Drink", "500 g", 285, "jar milk", "Clinically proven to make kids taller, stronger and sharper. Mix with warm milk."],
    ["Complan", "Complan Royale Chocolate", "500 g", 299, "jar chocolate", "Nutrition drink with 34 vital nutrients and 100% milk protein. Tasty chocolate flavour."],
    ["Boost", "Boost Health Drink", "500 g", 290, "jar chocolate", "Chocolate malt energy drink with vitamins for stamina. The secret of our energy."],
    ["Protinex", "Protinex Original Nutritional Drink", "250 g", 599, "jar milk", "High protein supplement with 34 nutrients for adults. Mix with milk or water daily."],
  ],

  "masala-powders": [
    ["MDH", "MDH Deggi Mirch", "100 g", 90, "chilli", "A special blend of red chillies that gives curries a bright red colour with mild heat."],
    ["Everest", "Everest Kashmirilal Chilli Powder", "100 g", 88, "chilli", "Kashmiri chilli powder for rich colour and gentle heat. Perfect for tandoori dishes."],
    ["Catch", "Catch Turmeric Powder", "200 g", 66, "ginger", "Pure haldi powder with high curcumin content. Adds colour and goodness to every dal and sabzi."],
    ["MDH", "MDH Chana Masala", "100 g", 82, "chilli beans", "Spice blend for Punjabi-style chole with dried mango and pomegranate seeds."],
    ["Everest", "Everest Garam Masala", "100 g", 85, "chilli", "Aromatic blend of cardamom, cloves, cinnamon and pepper. A pinch lifts any curry."],
    ["MDH", "MDH Chunky Chat Masala", "100 g", 80, "chilli", "Tangy chaat masala with black salt and amchur. Sprinkle on fruits, salads and snacks."],
    ["Catch", "Catch Coriander Powder", "200 g", 60, "herbs", "Finely ground coriander seeds with a fresh, citrusy aroma. An everyday kitchen essential."],
    ["Everest", "Everest Pav Bhaji Masala", "100 g", 80, "chilli bread", "Mumbai-style pav bhaji masala for a tangy, spicy bhaji."],
    ["Sakthi", "Sakthi Sambar Powder", "200 g", 80, "chilli", "Traditional South Indian sambar masala with roasted dals and spices."],
    ["Everest", "Everest Compounded Asafoetida (Hing)", "50 g", 120, "jar", "Strong, pure hing that adds aroma to dal tadkas and sabzis. A little goes a long way."],
  ],
  "whole-spices": [
    ["Catch", "Catch Jeera (Cumin Seeds)", "100 g", 65, "herbs", "Bold, aromatic cumin seeds for tadka and jeera rice. Machine cleaned and sorted."],
    ["Catch", "Catch Black Pepper Whole", "50 g", 90, "herbs", "Bold Malabar black peppercorns. Crush fresh for rasam, soups and salads."],
    ["Organic Tattva", "Organic Tattva Green Cardamom (Elaichi)", "50 g", 199, "peas herbs", "Fragrant, bold green cardamom pods grown organically. Perfect for chai, kheer and biryani."],
    ["Tata Sampann", "Tata Sampann Mustard Seeds (Rai)", "100 g", 40, "herbs", "Small, dark mustard seeds that crackle beautifully in tadka."],
    ["Catch", "Catch Whole Red Chilli", "100 g", 75, "chilli", "Dry Byadgi red chillies with deep colour and moderate heat. For tempering and masalas."],
    ["Baby", "Baby Brand Saffron", "1 g", 299, "herbs", "Pure Kashmiri kesar with long, deep red threads. Adds colour and aroma to biryani and sweets.", { s: 0 }],
  ],
  "cooking-oil": [
    ["Fortune", "Fortune Sunlite Refined Sunflower Oil", "1 L", 155, "oil sunflower", "Light, healthy sunflower oil rich in vitamins A and D. Ideal for everyday frying and cooking."],
    ["Saffola", "Saffola Gold Refined Cooking Oil", "1 L", 199, "oil", "A blend of rice bran and sunflower oil that helps maintain healthy cholesterol. Low absorption technology."],
    ["Fortune", "Fortune Kachi Ghani Mustard Oil", "1 L", 175, "oil", "Pungent, first-pressed mustard oil with a strong aroma. Perfect for pickles and Bengali cooking."],
    ["Figaro", "Figaro Olive Oil", "500 ml", 599, "oil olive", "Pure Spanish olive oil for salads, pasta and light cooking.", { m: { "Country of Origin": "Spain" } }],
    ["Dhara", "Dhara Kachi Ghani Mustard Oil", "1 L", 170, "oil", "Cold-pressed mustard oil with natural pungency from Dhara. For a traditional taste."],
    ["KLF", "KLF Coconad Coconut Oil", "1 L", 299, "oil coconut", "Pure, edible coconut oil from Kerala. The authentic base for South Indian cooking."],
    ["Fortune", "Fortune Rice Bran Health Oil", "1 L", 165, "oil grains", "Rice bran oil rich in oryzanol, good for the heart. Light taste suitable for all Indian cooking."],
  ],
  ghee: [
    ["Amul", "Amul Pure Ghee", "1 L", 650, "ghee", "Pure ghee made from fresh cream with a rich granular texture and aroma. Perfect for dal, rotis and sweets."],
    ["Patanjali", "Patanjali Cow's Ghee", "1 L", 660, "ghee", "Pure cow ghee made using traditional methods. Rich aroma for everyday cooking."],
    ["Gowardhan", "Gowardhan Pure Cow Ghee", "500 ml", 340, "ghee", "Made from cow milk cream using a slow-cooking process. Golden colour and danedar texture."],
    ["Aashirvaad", "Aashirvaad Svasti Pure Cow Ghee", "1 L", 699, "ghee", "Slow-cooked cow ghee with a rich, delightful aroma. Made with milk procured from trusted farms."],
    ["Dalda", "Dalda Vanaspati", "1 L", 155, "ghee", "Vanaspati for crispy puris, parathas and mithai. A trusted name in Indian kitchens for decades."],
  ],
  "sauces-spreads": [
    ["Kissan", "Kissan Fresh Tomato Ketchup", "950 g", 135, "tomato jar", "Made with 100% real tomatoes, with no added colour. A family favourite with snacks."],
    ["Maggi", "Maggi Hot & Sweet Tomato Chilli Sauce", "1 kg", 170, "tomato chilli", "A tangy tomato sauce with a spicy chilli kick. It's different!"],
    ["Veeba", "Veeba Eggless Mayonnaise", "250 g", 99, "jar", "Creamy, eggless mayonnaise for sandwiches, burgers and dips."],
    ["Dabur", "Dabur Honey", "500 g", 225, "honey", "100% pure honey that passes purity tests. A healthy replacement for sugar."],
    ["Kissan", "Kissan Mixed Fruit Jam", "500 g", 175, "jar strawberry", "Jam made with real fruit pulp from eight fruits. Spread it on toast for breakfast."],
    ["Nutella", "Nutella Hazelnut Spread with Cocoa", "350 g", 380, "jar chocolate", "Creamy hazelnut and cocoa spread. Perfect on toast, crepes and pancakes.", { m: { "Country of Origin": "Italy" } }],
    ["Pintola", "Pintola All Natural Crunchy Peanut Butter", "1 kg", 449, "jar peanuts", "Made from 100% roasted peanuts with no added sugar or salt. Crunchy and protein-rich."],
    ["Ching's Secret", "Ching's Secret Dark Soy Sauce", "200 g", 60, "jar noodles", "Dark soy sauce for Indo-Chinese noodles and fried rice. Deep colour and umami."],
  ],
  pickles: [
    ["Mother's Recipe", "Mother's Recipe Andhra Mango Pickle", "300 g", 110, "pickle mango", "Fiery avakaya-style mango pickle made with mustard and red chilli. Just like home."],
    ["Priya", "Priya Avakaya Mango Pickle", "300 g", 120, "pickle mango", "Authentic Andhra avakaya with raw mango pieces in gingelly oil. A spicy partner for curd rice."],
    ["Nilon's", "Nilon's Mixed Pickle", "500 g", 110, "pickle carrot", "Mango, lime, carrot and chilli in a tangy masala. Adds zing to every meal."],
    ["Tops", "Tops Lime Pickle", "400 g", 95, "pickle lime", "Tangy lime pickle in a sweet and spicy masala. Pairs perfectly with parathas."],
    ["Mother's Recipe", "Mother's Recipe Green Chilli Pickle", "300 g", 90, "pickle chilli", "Crunchy green chillies pickled with mustard and lemon. For those who love the heat."],
  ],

  cookies: [
    ["Britannia", "Britannia Good Day Cashew Cookies", "200 g", 40, "cookie", "Rich, buttery cookies loaded with crunchy cashew bits. Smile with every bite."],
    ["Britannia", "Britannia Good Day Butter Cookies", "200 g", 40, "cookie butter", "Golden butter cookies with a melt-in-the-mouth texture. Perfect with evening chai."],
    ["Unibic", "Unibic Chocolate Chip Cookies", "150 g", 60, "cookie chocolate", "Crunchy cookies studded with real chocolate chips. Baked the Australian way."],
    ["Parle", "Parle Hide & Seek Chocolate Chip Cookies", "100 g", 30, "cookie chocolate", "Crisp biscuits with rich chocolate chips hidden in every bite."],
    ["Sunfeast", "Sunfeast Dark Fantasy Choco Fills", "75 g", 40, "cookie chocolate", "Crisp cookie shells with a luscious molten chocolate filling. A dark, indulgent treat."],
    ["Britannia", "Britannia Pure Magic Chocolush Cookies", "75 g", 40, "cookie chocolate", "Choco-filled cookies with a gooey chocolate centre. A premium snack for chocolate lovers."],
  ],
  "cream-biscuits": [
    ["Britannia", "Britannia Bourbon Cream Biscuits", "150 g", 35, "crackers chocolate", "Chocolate biscuits with a rich chocolate cream filling and sugar crystals on top."],
    ["Oreo", "Oreo Chocolate Cream Biscuits", "120 g", 35, "crackers", "Crunchy chocolate cookies with creamy vanilla filling. Twist, lick and dunk."],
    ["Britannia", "Britannia Treat Jim Jam Cream Biscuits", "150 g", 35, "crackers strawberry", "Crunchy biscuits with a sweet jam and cream centre. Loved by kids."],
    ["Sunfeast", "Sunfeast Bounce Elaichi Cream Biscuits", "82 g", 10, "crackers", "Crunchy biscuits with an aromatic elaichi-flavoured cream. Great with chai."],
  ],
  "glucose-marie": [
    ["Parle", "Parle-G Original Glucose Biscuits", "800 g", 90, "cookie milk", "India's favourite glucose biscuit, crunchy and wholesome. Dunk it in chai or milk.", { d: 0 }],
    ["Britannia", "Britannia Tiger Glucose Biscuits", "250 g", 30, "cookie", "Crisp glucose biscuits fortified with iron and calcium for growing kids."],
    ["Britannia", "Britannia Marie Gold Biscuits", "250 g", 40, "cookie", "Light, crisp tea-time biscuits with a subtle sweetness. The perfect chai companion."],
    ["McVitie's", "McVitie's Digestive High Fibre Biscuits", "250 g", 90, "cookie grains", "Wholewheat digestive biscuits with a satisfying crunch and no added colours."],
    ["Britannia", "Britannia NutriChoice Oats Digestive Biscuits", "200 g", 55, "cookie grains", "Digestive biscuits with oats and wheat bran. A fibre-rich snack between meals."],
    ["Sunfeast", "Sunfeast Marie Light Biscuits", "250 g", 35, "cookie", "Light and crunchy Marie biscuits for guilt-free tea time."],
    ["Parle", "Parle Monaco Classic Salted Crackers", "200 g", 30, "crackers", "Light, crispy salted crackers. Top with onion, tomato and chutney for a quick snack."],
  ],
  "rusk-khari": [
    ["Britannia", "Britannia Toastea Premium Rusk", "273 g", 50, "bread", "Crisp, golden rusk baked twice for the perfect crunch. Ideal for dunking in chai."],
    ["Parle", "Parle Elaichi Rusk", "300 g", 50, "bread", "Crunchy rusk flavoured with cardamom. A comforting morning tea companion."],
    ["Monginis", "Monginis Butter Khari", "200 g", 60, "croissant", "Flaky, buttery puff pastry khari, baked golden. Best enjoyed with hot chai."],
    ["Harvest Gold", "Harvest Gold Garlic Bread", "200 g", 55, "baguette garlic", "Soft bread fingers with garlic butter, ready to toast. A quick side for pasta and soups."],
    ["The Baker's Dozen", "The Baker's Dozen Butter Croissant", "2 pcs", 120, "croissant", "Flaky, layered croissants made with real butter. Warm in the oven for a cafe-style breakfast."],
  ],
  "cakes-muffins": [
    ["Britannia", "Britannia Nut & Raisin Cake", "125 g", 45, "cake", "Soft plum-style cake loaded with cashews and raisins. A ready treat for tiffin and tea time."],
    ["Winkies", "Winkies Choco Vanilla Swiss Roll", "200 g", 80, "cake chocolate", "Spongy swiss roll with layers of chocolate and vanilla cream."],
    ["Bauli", "Bauli Moonfils Chocolate Croissant", "45 g", 25, "croissant chocolate", "Soft croissant with a smooth chocolate filling. A ready-to-eat breakfast snack."],
    ["Monginis", "Monginis Black Forest Pastry", "1 pc", 75, "pastry cake", "Layers of chocolate sponge, whipped cream and cherries. A bakery classic.", { d: 0 }],
    ["Theobroma", "Theobroma Chocolate Walnut Brownie", "1 pc", 80, "cake chocolate", "Fudgy, rich chocolate brownie with crunchy walnuts from Mumbai's favourite patisserie."],
    ["Britannia", "Britannia Chocolate Cup Cakes", "6 pcs (180 g)", 60, "cupcake", "Soft chocolate cup cakes, individually packed. Perfect for lunchboxes."],
    ["Monginis", "Monginis Chocolate Doughnut", "1 pc", 55, "doughnut", "Soft, fluffy doughnut dipped in chocolate glaze with sprinkles."],
  ],

  "noodles-pasta": [
    ["Maggi", "Maggi 2-Minute Masala Noodles", "4 x 70 g", 56, "noodles", "India's favourite instant noodles with the iconic tastemaker. Ready in two minutes."],
    ["Yippee", "Sunfeast Yippee! Magic Masala Noodles", "4 x 60 g", 60, "noodles", "Long, non-sticky noodles with a magical masala. Made from superior quality flour."],
    ["Top Ramen", "Nissin Top Ramen Curry Noodles", "4 x 70 g", 64, "noodles", "Instant noodles in a rich, spicy curry flavour. Smoodles!"],
    ["Ching's Secret", "Ching's Secret Schezwan Instant Noodles", "4 x 60 g", 60, "noodles chilli", "Fiery Schezwan-flavoured instant noodles for Desi Chinese lovers."],
    ["Maggi", "Maggi Nutri-licious Atta Masala Noodles", "290 g", 75, "noodles grains", "Noodles made with whole wheat atta and real vegetables. The same Maggi masala taste."],
    ["Del Monte", "Del Monte Penne Rigate Pasta", "500 g", 120, "pasta", "Durum wheat penne that holds sauce well. Cooks al dente in 11 minutes."],
    ["Maggi", "Maggi Cuppa Mania Masala Yo!", "70 g", 50, "noodles", "Cup noodles ready in just three minutes with hot water. Snack anytime, anywhere."],
  ],
  "ready-to-eat": [
    ["MTR", "MTR Rajma Masala Ready to Eat", "300 g", 95, "curry beans", "Slow-cooked rajma in a rich onion-tomato gravy. Heat and eat with rice in minutes."],
    ["MTR", "MTR Dal Makhani Ready to Eat", "300 g", 95, "curry", "Creamy, slow-cooked black dal with butter and cream. No preservatives."],
    ["Haldiram's", "Haldiram's Minute Khana Pav Bhaji", "300 g", 90, "curry bread", "Spicy Mumbai-style bhaji ready in 90 seconds. Just add hot pav and butter."],
    ["ITC", "ITC Kitchens of India Paneer Makhani", "285 g", 160, "curry paneer", "Soft paneer cubes in a velvety tomato and cashew gravy. Restaurant taste at home."],
    ["MTR", "MTR Breakfast Mix Poha", "180 g", 60, "pan-of-food", "Instant poha mix with peanuts and spices. Add hot water, wait three minutes and enjoy."],
    ["Haldiram's", "Haldiram's Minute Khana Veg Pulao", "250 g", 90, "rice curry", "Fragrant basmati pulao with vegetables and whole spices. Ready to eat after heating."],
  ],
  "frozen-snacks": [
    ["McCain", "McCain French Fries", "420 g", 120, "fries potato", "Crispy golden fries made from select potatoes. Fry or air-fry straight from frozen."],
    ["McCain", "McCain Smiles", "415 g", 130, "potato", "Fun smiley-shaped potato bites, crispy outside and soft inside. A kids' favourite."],
    ["McCain", "McCain Aloo Tikki", "400 g", 130, "potato burger", "Spiced potato and pea tikkis ready to shallow fry. Great for burgers and chaat."],
    ["Prasuma", "Prasuma Paneer Momos", "240 g", 199, "momos paneer", "Steamed momos with a spicy paneer filling. Steam for eight minutes and serve with chutney."],
    ["Haldiram's", "Haldiram's Hara Bhara Kebab", "400 g", 170, "falafel", "Green kebabs with spinach, peas and potato. Shallow fry for a healthy party starter."],
    ["Sumeru", "Sumeru Frozen Green Peas", "500 g", 95, "peas", "Farm-fresh green peas, blanched and frozen within hours. Sweet peas all year round."],
    ["Safal", "Safal Frozen Sweet Corn", "500 g", 90, "corn", "Golden sweet corn kernels, frozen fresh. Add to soups, salads and sandwiches."],
  ],
  soups: [
    ["Knorr", "Knorr Classic Thick Tomato Soup", "53 g", 60, "soup tomato", "Thick tomato soup made with sun-ripened tomatoes. Serves four in just minutes."],
    ["Knorr", "Knorr Sweet Corn Veg Soup", "42 g", 60, "soup corn", "Creamy sweet corn soup with vegetables. A comforting bowl in five minutes."],
    ["Ching's Secret", "Ching's Secret Manchow Instant Soup", "55 g", 45, "soup chilli", "Spicy, tangy Manchow soup with a garlic punch. Top with fried noodles."],
    ["Knorr", "Knorr Hot & Sour Veg Soup", "43 g", 60, "soup", "Spicy and tangy Indo-Chinese soup with vegetables. Perfect for a rainy evening."],
  ],
  "breakfast-cereals": [
    ["Kellogg's", "Kellogg's Corn Flakes Original", "475 g", 195, "cereal corn", "Crispy golden corn flakes with iron and vitamins. Serve with cold milk for a quick breakfast."],
    ["Kellogg's", "Kellogg's Chocos", "375 g", 199, "cereal chocolate", "Crunchy chocolate-flavoured wheat scoops that kids love with milk."],
    ["Quaker", "Quaker Oats", "1 kg", 199, "cereal grains", "100% wholegrain rolled oats rich in fibre. Cook as porridge, upma or overnight oats."],
    ["Saffola", "Saffola Masala Oats Classic Masala", "500 g", 190, "cereal", "Savoury oats with real vegetables and Indian masala. Ready in three minutes."],
    ["Bagrry's", "Bagrry's Fruit & Nut Muesli", "500 g", 375, "cereal peanuts", "Crunchy muesli with oats, dried fruits and nuts. No added preservatives."],
  ],

  detergents: [
    ["Surf Excel", "Surf Excel Easy Wash Detergent Powder", "1 kg", 140, "detergent", "Removes tough stains easily with less effort. Daag achhe hain!"],
    ["Surf Excel", "Surf Excel Matic Front Load Liquid Detergent", "1 L", 230, "detergent", "Liquid detergent designed for front load machines. Dissolves completely and removes stains."],
    ["Ariel", "Ariel Matic Top Load Detergent Powder", "1 kg", 275, "detergent", "Low-suds formula for top load washing machines. Brilliant stain removal in one wash."],
    ["Tide", "Tide Plus Extra Power Jasmine & Rose", "1 kg", 135, "detergent", "Detergent powder with the freshness of jasmine and rose. Whiteness you can see."],
    ["Rin", "Rin Advanced Detergent Bar", "4 x 250 g", 72, "soap", "Detergent bar for bright, sparkling whites. Gentle on hands."],
    ["Comfort", "Comfort After Wash Lily Fresh Fabric Conditioner", "860 ml", 230, "detergent", "Makes clothes soft, fresh and easy to iron. Long-lasting lily fragrance."],
    ["Ezee", "Ezee Liquid Detergent for Woollens", "500 g", 99, "detergent", "Gentle liquid detergent for woollens and delicate fabrics. Keeps colours bright."],
  ],
  dishwash: [
    ["Vim", "Vim Lemon Dishwash Bar", "500 g", 45, "soap lemon", "Removes tough grease with the power of lemons. Sparkling clean utensils every day."],
    ["Vim", "Vim Lemon Dishwash Liquid Gel", "750 ml", 175, "sponge lemon", "Concentrated gel that cuts grease fast. Just one spoon cleans a sink full of dishes."],
    ["Pril", "Pril Lime Dishwash Liquid", "425 ml", 105, "sponge lime", "Dishwash liquid with lime power for a squeaky clean finish."],
    ["Exo", "Exo Touch & Shine Round Dishwash Bar", "500 g", 55, "soap", "Anti-bacterial dishwash bar with the power of ginger and turmeric."],
  ],
  "floor-toilet": [
    ["Harpic", "Harpic Power Plus Toilet Cleaner Original", "1 L", 199, "toilet", "Kills 99.9% germs and removes tough stains. Thick liquid reaches under the rim."],
    ["Harpic", "Harpic Bathroom Cleaner Floral", "500 ml", 110, "shower bucket", "Removes tough bathroom stains and leaves a floral fragrance."],
    ["Lizol", "Lizol Disinfectant Surface & Floor Cleaner Citrus", "975 ml", 230, "bucket lemon", "Kills 99.9% germs and leaves floors sparkling with a citrus fragrance."],
    ["Domex", "Domex Disinfectant Toilet Cleaner", "500 ml", 99, "toilet", "Thick toilet cleaner that kills all known germs. Fresh fragrance."],
    ["Colin", "Colin Glass & Surface Cleaner", "500 ml", 110, "sponge", "Streak-free shine for glass, mirrors and surfaces. Shine with Colin."],
  ],
  "cleaning-tools": [
    ["Gala", "Gala Soft Grass Broom", "1 pc", 199, "broom", "Soft grass broom with a sturdy handle. Sweeps fine dust easily."],
    ["Scotch-Brite", "Scotch-Brite Scrub Sponge", "3 pcs", 60, "sponge", "Two-in-one scrub sponge with a soft side and a scrubbing side for utensils."],
    ["Gala", "Gala Spin Mop with Bucket", "1 set", 1199, "bucket broom", "360° spin mop with a steel wringer and two microfibre refills. Hands-free wringing.", { s: 0 }],
    ["Scotch-Brite", "Scotch-Brite Rubber Gloves (Medium)", "1 pair", 120, "gloves", "Flexible rubber gloves with a firm grip for washing and cleaning."],
    ["Cello", "Cello Plastic Bucket", "16 L", 249, "bucket", "Sturdy, unbreakable plastic bucket with a steel handle."],
    ["Gala", "Gala Toilet Plunger", "1 pc", 149, "plunger", "Heavy-duty rubber plunger that clears blocked drains and toilets."],
  ],
  tissues: [
    ["Origami", "Origami So Soft 2-Ply Toilet Roll", "4 rolls", 199, "toilet-paper", "Soft and strong two-ply toilet paper. 160 pulls per roll."],
    ["Origami", "Origami Facial Tissue Box", "100 pulls", 99, "toilet-paper", "Soft facial tissues in a convenient box for home, office and car."],
    ["Paseo", "Paseo Premium Kitchen Towel", "2 rolls", 120, "toilet-paper", "Highly absorbent kitchen towels that soak up spills and grease."],
  ],
  "home-needs": [
    ["Ezee", "Ezee Garbage Bags Medium (Black)", "30 bags", 99, "dustbin", "Strong, leak-proof black garbage bags that fit medium dustbins."],
    ["Philips", "Philips 9W LED Bulb B22", "1 pc", 99, "bulb", "Bright cool daylight LED bulb that saves energy. Lasts up to 15,000 hours.", { m: { "Warranty": "1 year" } }],
    ["Duracell", "Duracell AA Alkaline Batteries", "4 pcs", 180, "battery", "Long-lasting alkaline batteries for remotes, toys and clocks."],
    ["Eveready", "Eveready AAA Batteries", "10 pcs", 120, "battery", "Reliable AAA batteries for everyday devices."],
    ["Iris", "Iris Scented Tealight Candles", "12 pcs", 149, "candle", "Vanilla-scented tealight candles for festivals and cosy evenings."],
  ],

  "bath-body": [
    ["Dove", "Dove Cream Beauty Bathing Bar", "3 x 100 g", 185, "soap", "Moisturising beauty bar with one-quarter moisturising cream. Leaves skin soft and smooth."],
    ["Dettol", "Dettol Original Germ Protection Soap", "4 x 75 g", 165, "soap", "Bathing soap that protects from 100 illness-causing germs. Trusted by doctors."],
    ["Lux", "Lux Soft Rose Bathing Soap", "4 x 100 g", 150, "soap", "Fragrant soap with French rose and almond oil for glowing skin."],
    ["Pears", "Pears Pure & Gentle Soap", "3 x 125 g", 180, "soap", "Transparent glycerine soap that is gentle on skin. Pure, mild and natural."],
    ["Dove", "Dove Deeply Nourishing Body Wash", "250 ml", 299, "shower soap", "Sulphate-free body wash with NutriumMoisture for soft, smooth skin."],
    ["Santoor", "Santoor Sandal & Turmeric Soap", "4 x 100 g", 140, "soap", "Soap with sandalwood and turmeric for younger-looking skin."],
  ],
  "oral-care": [
    ["Colgate", "Colgate Strong Teeth Toothpaste", "200 g", 110, "tooth toothbrush", "Calcium-boost toothpaste that makes teeth stronger. India's number one toothpaste."],
    ["Colgate", "Colgate MaxFresh Gel Toothpaste", "150 g", 99, "tooth toothbrush", "Gel toothpaste with cooling crystals for intense freshness."],
    ["Sensodyne", "Sensodyne Fresh Mint Toothpaste", "70 g", 160, "tooth", "Daily toothpaste for sensitive teeth with lasting relief. Recommended by dentists."],
    ["Colgate", "Colgate ZigZag Toothbrush", "Pack of 3", 100, "toothbrush", "Zigzag bristles that clean between teeth. Medium bristles."],
    ["Oral-B", "Oral-B Cavity Defense Toothbrush", "Pack of 4", 110, "toothbrush", "Toothbrush with angled bristles to remove plaque and fight cavities."],
    ["Listerine", "Listerine Cool Mint Mouthwash", "250 ml", 160, "tooth", "Kills 99.9% germs that cause bad breath. Intense mint freshness."],
    ["Dabur", "Dabur Red Toothpaste", "200 g", 110, "tooth", "Ayurvedic toothpaste with clove, pudina and ginger for strong teeth and gums."],
  ],
  "skin-care": [
    ["Nivea", "Nivea Soft Light Moisturising Cream", "100 ml", 220, "lotion", "Light moisturising cream with vitamin E and jojoba oil. Non-sticky, for face, hands and body."],
    ["Vaseline", "Vaseline Intensive Care Deep Restore Body Lotion", "400 ml", 399, "lotion", "Body lotion with glycerin and Vaseline jelly for dry skin."],
    ["Himalaya", "Himalaya Purifying Neem Face Wash", "150 ml", 199, "lotion herbs", "Soap-free face wash with neem and turmeric to prevent pimples."],
    ["Lakme", "Lakme Sun Expert SPF 50 Sunscreen", "50 ml", 299, "lotion", "Ultra-matte sunscreen lotion with SPF 50 PA+++ protection. Lightweight and non-greasy."],
    ["Pond's", "Pond's Light Moisturiser", "75 ml", 199, "lotion", "Non-oily moisturiser with glycerin and vitamin E for fresh, glowing skin."],
    ["Boroline", "Boroline Antiseptic Cream", "20 g", 45, "lotion", "Trusted antiseptic cream for cuts, cracked heels and dry skin."],
  ],
  "hair-care": [
    ["Head & Shoulders", "Head & Shoulders Anti Dandruff Shampoo", "340 ml", 370, "shampoo", "Clinically proven to remove up to 100% dandruff. Cool menthol fragrance."],
    ["Clinic Plus", "Clinic Plus Strong & Long Shampoo", "355 ml", 199, "shampoo", "Shampoo with milk protein for strong, long hair."],
    ["Dove", "Dove Intense Repair Shampoo", "340 ml", 380, "shampoo", "Repairs damaged hair and reduces split ends. Smooth and manageable."],
    ["Parachute", "Parachute 100% Pure Coconut Oil", "500 ml", 230, "coconut oil", "Made from handpicked coconuts. Nourishes hair from root to tip."],
    ["Bajaj", "Bajaj Almond Drops Hair Oil", "300 ml", 250, "oil", "Non-sticky hair oil with almond oil and vitamin E for reduced hair fall."],
    ["Tresemme", "Tresemme Keratin Smooth Conditioner", "190 ml", 250, "shampoo", "Conditioner with keratin and argan oil for frizz-free, smooth hair."],
  ],
  shaving: [
    ["Gillette", "Gillette Guard Razor", "1 pc", 35, "razor", "Single-blade razor with a safety comb for a safe, close shave."],
    ["Gillette", "Gillette Mach3 Razor", "1 pc", 250, "razor", "Three-blade razor with a lubricating strip for a smooth, comfortable shave."],
    ["Gillette", "Gillette Classic Regular Shave Foam", "418 g", 260, "razor detergent", "Rich lather that softens the beard and protects skin."],
    ["Bombay Shaving Company", "Bombay Shaving Company Shaving Cream", "100 g", 249, "razor", "Cooling shaving cream with tea tree and aloe for a smooth glide."],
    ["Veet", "Veet Silk & Fresh Hair Removal Cream", "50 g", 99, "lotion", "Hair removal cream for normal skin with lotus milk and jasmine. Results in six minutes."],
  ],
  "health-wellness": [
    ["Dettol", "Dettol Antiseptic Liquid", "550 ml", 240, "bandage", "Antiseptic disinfectant liquid for first aid, bathing and laundry. Protects from germs."],
    ["Band-Aid", "Band-Aid Washproof Bandages", "20 strips", 50, "bandage", "Waterproof adhesive bandages that stay on through hand washes."],
    ["Dabur", "Dabur Chyawanprash", "1 kg", 375, "jar honey", "Ayurvedic immunity booster with amla and 40+ herbs. Take a spoon daily with milk."],
    ["Vicks", "Vicks VapoRub", "50 ml", 160, "jar", "Relieves cold, cough, headache and body ache. Rub on chest, throat and back."],
    ["Revital", "Revital H Multivitamin Capsules", "30 pcs", 340, "pill", "Daily multivitamin with ginseng, vitamins and minerals for energy and stamina."],
    ["Dettol", "Dettol Instant Hand Sanitizer", "200 ml", 100, "lotion", "Alcohol-based hand sanitizer that kills 99.9% germs without water."],
  ],

  "diapers-wipes": [
    ["Pampers", "Pampers Premium Care Pants Medium", "30 pcs", 899, "baby", "Softest Pampers pants with cotton-like material. Up to 12 hours of dryness."],
    ["Huggies", "Huggies Wonder Pants Large", "42 pcs", 799, "baby", "Pant-style diapers with bubble bed technology for comfort. Up to 12 hours of absorption."],
    ["MamyPoko", "MamyPoko Pants Extra Absorb Small", "46 pcs", 699, "baby", "Extra absorbent pants with crisscross absorbent sheet. Soft, stretchable waistband."],
    ["Himalaya", "Himalaya Gentle Baby Wipes", "72 pcs", 199, "baby toilet-paper", "Alcohol-free wipes with aloe vera and Indian kino tree. Gentle on a baby's delicate skin."],
  ],
  "baby-food": [
    ["Nestle", "Nestle Cerelac Wheat Apple Cherry", "300 g", 260, "cereal apple", "Infant cereal with wheat, apple and cherry for babies from 8 months. Rich in iron."],
    ["Nestle", "Nestle Lactogen 1 Infant Formula", "400 g", 499, "baby-bottle", "Infant formula powder for babies up to 6 months when breastfeeding is not possible."],
    ["Slurrp Farm", "Slurrp Farm Ragi & Banana Cereal", "200 g", 199, "cereal banana", "Wholesome millet porridge with ragi and banana for babies from 6 months. No refined sugar."],
    ["Nestle", "Nestle Cerelac Multigrain Dal Veg", "300 g", 280, "cereal", "Savoury infant cereal with multigrains, dal and vegetables for babies from 12 months."],
  ],
  "baby-bath": [
    ["Johnson's", "Johnson's Baby Shampoo", "200 ml", 199, "shampoo", "No more tears formula that is as gentle to the eyes as pure water."],
    ["Johnson's", "Johnson's Baby Powder", "200 g", 199, "baby", "Classic baby powder that absorbs moisture and keeps skin fresh."],
    ["Himalaya", "Himalaya Baby Lotion", "200 ml", 199, "lotion", "Moisturising lotion with olive oil and almond oil for baby's soft skin."],
    ["Sebamed", "Sebamed Baby Cleansing Bar", "100 g", 299, "soap", "Soap-free cleansing bar with pH 5.5 for sensitive baby skin.", { s: 0, m: { "Country of Origin": "Germany" } }],
    ["Mamaearth", "Mamaearth Soothing Baby Massage Oil", "200 ml", 349, "oil baby", "Natural massage oil with sesame, almond and jojoba oil. Toxin-free and gentle."],
  ],
  feeding: [
    ["Philips Avent", "Philips Avent Natural Feeding Bottle", "260 ml", 599, "baby-bottle", "Wide, breast-shaped nipple for easy latch-on. Anti-colic valve reduces fussing."],
    ["Pigeon", "Pigeon Peristaltic Nursing Bottle", "240 ml", 450, "baby-bottle", "Nursing bottle with a soft silicone nipple that mimics natural feeding."],
    ["Chicco", "Chicco Easy Drinking Cup", "266 ml", 499, "baby-bottle", "Spill-proof sipper with soft spout and handles for toddlers from 12 months."],
    ["Mee Mee", "Mee Mee Baby Bottle Cleanser", "500 ml", 199, "baby-bottle sponge", "Plant-based liquid cleanser for bottles, nipples and toys. Rinses off easily.", { m: { "Country of Origin": "India" } }],
  ],

  "dog-food": [
    ["Pedigree", "Pedigree Adult Dry Dog Food Chicken & Vegetables", "1.2 kg", 320, "dog bone", "Complete and balanced dog food with chicken and vegetables. Supports healthy digestion and a shiny coat."],
    ["Pedigree", "Pedigree Puppy Dry Dog Food Chicken & Milk", "1.2 kg", 330, "dog milk", "Specially designed for puppies with calcium and DHA for strong bones and brain development."],
    ["Drools", "Drools Chicken & Egg Adult Dog Food", "3 kg", 660, "dog egg", "Real chicken and egg for a protein-rich diet. Made in India for Indian dogs."],
    ["Royal Canin", "Royal Canin Mini Adult Dry Dog Food", "800 g", 1150, "dog", "Tailored nutrition for small breed adult dogs from 10 months. Supports ideal weight.", { s: 0, m: { "Country of Origin": "France" } }],
    ["Pedigree", "Pedigree Chicken Chunks in Gravy", "70 g", 40, "dog", "Wet dog food with tender chicken chunks in a tasty gravy. Mix with dry food."],
  ],
  "cat-food": [
    ["Whiskas", "Whiskas Adult Ocean Fish Dry Cat Food", "1.2 kg", 480, "cat fish", "Complete nutrition for adult cats with real ocean fish. Crunchy kibble for healthy teeth."],
    ["Whiskas", "Whiskas Tuna in Jelly Wet Cat Food", "85 g", 45, "cat fish", "Tender tuna pieces in jelly. Complete and balanced wet food for adult cats."],
    ["Me-O", "Me-O Tuna Dry Cat Food", "1.2 kg", 430, "cat fish", "Tuna-flavoured kibble with taurine for healthy eyes and heart."],
    ["Sheba", "Sheba Rich Premium Fish Selection", "70 g", 60, "cat fish", "Premium wet cat food with fine fish cuts in gravy. A treat cats love."],
  ],
  "pet-treats": [
    ["Pedigree", "Pedigree Dentastix Large Breed", "7 sticks", 270, "bone dog", "Daily oral care treat that reduces tartar build-up. Clinically proven."],
    ["Drools", "Drools Calcium Bone Dog Treat", "12 pcs", 199, "bone", "Chewy calcium bones that support strong teeth and bones."],
    ["Temptations", "Temptations Seafood Medley Cat Treats", "85 g", 180, "cat fish", "Crunchy outside, soft inside cat treats with seafood flavour."],
    ["Himalaya", "Himalaya Erina-EP Pet Shampoo", "200 ml", 199, "shampoo paw", "Tick and flea control shampoo for dogs and cats with herbal actives."],
  ],
};

// ---------------------------------------------------------------------------
function hash(str) {
  let h = 2166136261;
  for (let i = 0; i < str.length; i++) {
    h ^= str.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}

const DISCOUNTS = [5, 5, 8, 10, 10, 12, 15, 15, 18, 20, 20, 22, 25, 30, 35, 40];
const STAPLE_SUBS = new Set(["milk", "bread-pav", "eggs", "fresh-vegetables", "leafy-herbs", "water-soda", "sugar-salt"]);

const subMap = new Map(subCategories.map((s) => [s[0], s]));
const products = [];

for (const [subKey, rows] of Object.entries(P)) {
  const sub = subMap.get(subKey);
  if (!sub) throw new Error(`Unknown sub-category ${subKey}`);
  const [, , subImage, subCats, pool] = sub;
  for (const row of rows) {
    const [brand, name, unit, price, imgs, description, opts = {}] = row;
    const h = hash(name);
    const zeroChance = STAPLE_SUBS.has(subKey) ? 70 : 34;
    const discount = opts.d ?? (h % 100 < zeroChance ? 0 : DISCOUNTS[(h >>> 8) % DISCOUNTS.length]);
    const stock = opts.s ?? 6 + ((h >>> 12) % 195);

    let more_details = {};
    if (opts.m || (h >>> 4) % 10 < 6) {
      const fields = [];
      if (brand) fields.push(["Brand", brand]);
      for (const [k, v] of Object.entries(pool)) fields.push([k, v]);
      const n = 1 + ((h >>> 20) % 3);
      // rotate so different products show different fields
      const start = (h >>> 24) % fields.length;
      for (let i = 0; i < Math.min(n, fields.length); i++) {
        const [k, v] = fields[(start + i) % fields.length];
        more_details[k] = v;
      }
      if (opts.m) {
        Object.assign(more_details, opts.m);
        // keep at most 3 custom fields
        more_details = Object.fromEntries(Object.entries(more_details).slice(-3));
      }
    }

    const images = (imgs ? imgs.split(/\s+/) : [subImage]).map((i) => `${i}.webp`);
    products.push({
      name,
      unit,
      price,
      discount,
      stock,
      description,
      more_details,
      images,
      categories: [...subCats],
      subCategories: [subKey],
    });
  }
}

const out = {
  categories: categories.map((c) => ({ key: c.key, name: c.name, image: `${c.image}.webp` })),
  subCategories: subCategories.map(([key, name, image, cats]) => ({ key, name, image: `${image}.webp`, categories: cats })),
  products,
};

writeFileSync(join(here, "catalogue.json"), JSON.stringify(out, null, 2) + "\n");
console.log(`catalogue.json: ${out.categories.length} categories, ${out.subCategories.length} sub-categories, ${products.length} products`);
