//! What a Rust type holds, as far as its name tells: the one reading of a
//! field's type, which the macro's own checks read as a [`Shape`]
//! (OpenAPI's styles write scalars, lists and objects differently) and a
//! check against an OpenAPI description reads as a [`TypeShape`] (whether
//! the type can hold a schema's values), plain data that needs no
//! compiler plugin.

use syn::Type;

/// The `T` of a type written `Option<T>` (by its last path segment, so
/// `std::option::Option<T>` too), looking through parentheses.
pub fn option_inner(ty: &Type) -> Option<&Type> {
    match ty {
        Type::Group(group) => option_inner(&group.elem),
        Type::Paren(paren) => option_inner(&paren.elem),
        Type::Path(path) if path.qself.is_none() => {
            let last = path.path.segments.last()?;
            if last.ident != "Option" {
                return None;
            }
            single_type_argument(&last.arguments)
        }
        _ => None,
    }
}

/// The one type argument of `Name<T>`, if there is exactly one.
pub fn single_type_argument(arguments: &syn::PathArguments) -> Option<&Type> {
    let syn::PathArguments::AngleBracketed(args) = arguments else {
        return None;
    };
    let mut types = args.args.iter().filter_map(|arg| match arg {
        syn::GenericArgument::Type(ty) => Some(ty),
        _ => None,
    });
    let ty = types.next()?;
    types.next().is_none().then_some(ty)
}

/// What a value of a type is, as far as its name tells: OpenAPI's styles
/// write scalars, lists and objects differently.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shape {
    /// A string, a number or a boolean.
    Scalar,
    /// A sequence or a set.
    List,
    /// A map.
    Object,
    /// Any other type (a struct, a JSON value): it may be anything.
    Unknown,
}

/// A type as data: its name for messages and what its values are.
///
/// ```
/// use endpoint_macros_core::shape::{Holds, Shape, TypeShape};
///
/// let ty = TypeShape::of(&syn::parse_quote!(Option<Vec<std::borrow::Cow<'a, str>>>));
/// assert_eq!(ty.shape(), Shape::List);
/// let vec = ty.required();
/// assert_eq!(vec.name, "Vec<Cow<str>>");
/// let Holds::List(Some(item)) = &vec.holds else { unreachable!() };
/// assert_eq!(item.holds, Holds::Text);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TypeShape {
    /// Its name for messages: its path's last segment with its type
    /// arguments named alike (`u32`, `Vec<u8>`, `Cow<str>` for
    /// `std::borrow::Cow<'a, str>`), a reference, a slice or an array of
    /// one.
    pub name: String,
    /// What its values are.
    pub holds: Holds,
}

/// What the values of a [`TypeShape`] are, looking through references,
/// `Box`, `Rc`, `Arc` and `Cow`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Holds {
    /// `String`, `str`, `char`.
    Text,
    /// `i8` … `u128`, `isize`, `usize`.
    Int,
    /// `f32`, `f64`.
    Float,
    /// `bool`.
    Bool,
    /// A sequence or a set (`Vec<T>`, `[T]`, `[T; N]`, `HashSet<T>`…), of
    /// items of this type when it is written.
    List(Option<Box<TypeShape>>),
    /// A map (`HashMap<K, V>`, `BTreeMap`, `serde_json::Map`), of values of
    /// this type when it is written.
    Map(Option<Box<TypeShape>>),
    /// `Option<T>`: a `T`, or nothing.
    Optional(Box<TypeShape>),
    /// Anything else (`serde_json::Value`, a type of the user's): it may
    /// hold anything.
    Any,
}

impl TypeShape {
    /// The shape of `ty`.
    pub fn of(ty: &Type) -> TypeShape {
        let of = |ty: Option<&Type>| ty.map(|ty| Box::new(TypeShape::of(ty)));
        let holds = match class(ty) {
            Class::Text => Holds::Text,
            Class::Int => Holds::Int,
            Class::Float => Holds::Float,
            Class::Bool => Holds::Bool,
            Class::List(item) => Holds::List(of(item)),
            Class::Map(value) => Holds::Map(of(value)),
            Class::Optional(inner) => Holds::Optional(Box::new(TypeShape::of(inner))),
            Class::Any => Holds::Any,
        };
        TypeShape {
            name: type_name(ty),
            holds,
        }
    }

    /// Its [`Shape`] (an `Option`'s is its `T`'s).
    pub fn shape(&self) -> Shape {
        match &self.holds {
            Holds::Text | Holds::Int | Holds::Float | Holds::Bool => Shape::Scalar,
            Holds::List(_) => Shape::List,
            Holds::Map(_) => Shape::Object,
            Holds::Optional(inner) => inner.shape(),
            Holds::Any => Shape::Unknown,
        }
    }

    /// The `T` of `Option<T>`, else itself.
    pub fn required(&self) -> &TypeShape {
        match &self.holds {
            Holds::Optional(inner) => inner,
            _ => self,
        }
    }
}

/// The [`Shape`] of `ty`, by its last path segment, looking through
/// references, `Option`, `Box`, `Cow`, `Rc` and `Arc`.
pub fn shape(ty: &Type) -> Shape {
    match class(ty) {
        Class::Text | Class::Int | Class::Float | Class::Bool => Shape::Scalar,
        Class::List(_) => Shape::List,
        Class::Map(_) => Shape::Object,
        Class::Optional(inner) => shape(inner),
        Class::Any => Shape::Unknown,
    }
}

/// What a type is, borrowing the types it is made of: the one classifier
/// that [`shape`] and [`TypeShape::of`] read.
enum Class<'a> {
    Text,
    Int,
    Float,
    Bool,
    List(Option<&'a Type>),
    Map(Option<&'a Type>),
    Optional(&'a Type),
    Any,
}

/// The [`Class`] of `ty`, by its path's last segment, looking through
/// references, `Box`, `Rc`, `Arc` and `Cow`.
fn class(ty: &Type) -> Class<'_> {
    match ty {
        Type::Group(group) => class(&group.elem),
        Type::Paren(paren) => class(&paren.elem),
        Type::Reference(reference) => class(&reference.elem),
        Type::Slice(slice) => Class::List(Some(&slice.elem)),
        Type::Array(array) => Class::List(Some(&array.elem)),
        Type::Path(path) if path.qself.is_none() => {
            let Some(last) = path.path.segments.last() else {
                return Class::Any;
            };
            let args = type_arguments(&last.arguments);
            match last.ident.to_string().as_str() {
                "String" | "str" | "char" => Class::Text,
                "i8" | "i16" | "i32" | "i64" | "i128" | "isize" | "u8" | "u16" | "u32" | "u64"
                | "u128" | "usize" => Class::Int,
                "f32" | "f64" => Class::Float,
                "bool" => Class::Bool,
                "Vec" | "VecDeque" | "HashSet" | "BTreeSet" | "IndexSet" => {
                    Class::List(args.first().copied())
                }
                "HashMap" | "BTreeMap" | "IndexMap" | "Map" => Class::Map(args.get(1).copied()),
                "Option" => match args[..] {
                    [inner] => Class::Optional(inner),
                    _ => Class::Any,
                },
                "Box" | "Rc" | "Arc" | "Cow" => {
                    args.first().map_or(Class::Any, |inner| class(inner))
                }
                _ => Class::Any,
            }
        }
        _ => Class::Any,
    }
}

/// The type arguments of a path segment.
fn type_arguments(arguments: &syn::PathArguments) -> Vec<&Type> {
    match arguments {
        syn::PathArguments::AngleBracketed(args) => args
            .args
            .iter()
            .filter_map(|arg| match arg {
                syn::GenericArgument::Type(ty) => Some(ty),
                _ => None,
            })
            .collect(),
        _ => Vec::new(),
    }
}

/// A type's name for messages (see [`TypeShape::name`]).
fn type_name(ty: &Type) -> String {
    match ty {
        Type::Group(group) => type_name(&group.elem),
        Type::Paren(paren) => type_name(&paren.elem),
        Type::Reference(reference) => format!("&{}", type_name(&reference.elem)),
        Type::Slice(slice) => format!("[{}]", type_name(&slice.elem)),
        Type::Array(array) => format!("[{}; …]", type_name(&array.elem)),
        Type::Path(path) => path.path.segments.last().map_or_else(String::new, |last| {
            let args = type_arguments(&last.arguments);
            if args.is_empty() {
                last.ident.to_string()
            } else {
                let args: Vec<String> = args.into_iter().map(type_name).collect();
                format!("{}<{}>", last.ident, args.join(", "))
            }
        }),
        _ => "_".to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn what_types_hold() {
        fn of(ty: &TypeShape) -> String {
            match &ty.holds {
                Holds::Text => "text".to_owned(),
                Holds::Int => "int".to_owned(),
                Holds::Float => "float".to_owned(),
                Holds::Bool => "bool".to_owned(),
                Holds::List(item) => format!("list of {}", item.as_ref().map_or("?", |i| &i.name)),
                Holds::Map(value) => format!("map of {}", value.as_ref().map_or("?", |v| &v.name)),
                Holds::Optional(inner) => format!("option of {}", of(inner)),
                Holds::Any => "any".to_owned(),
            }
        }
        let holds = |ty: Type| of(&TypeShape::of(&ty));
        assert_eq!(holds(syn::parse_quote!(&'a str)), "text");
        assert_eq!(holds(syn::parse_quote!(Cow<'a, str>)), "text");
        assert_eq!(holds(syn::parse_quote!(std::primitive::u64)), "int");
        assert_eq!(holds(syn::parse_quote!(i128)), "int");
        assert_eq!(holds(syn::parse_quote!(Box<f32>)), "float");
        assert_eq!(holds(syn::parse_quote!(Vec<bool>)), "list of bool");
        assert_eq!(holds(syn::parse_quote!(&[u8])), "list of u8");
        assert_eq!(holds(syn::parse_quote!(BTreeMap<String, u8>)), "map of u8");
        assert_eq!(holds(syn::parse_quote!(Option<u8>)), "option of int");
        assert_eq!(holds(syn::parse_quote!(serde_json::Value)), "any");
        assert_eq!(holds(syn::parse_quote!(Pet)), "any");
        let inner = |ty: Type| TypeShape::of(&ty).required().name.clone();
        assert_eq!(inner(syn::parse_quote!(Option<Vec<u8>>)), "Vec<u8>");
        assert_eq!(
            inner(syn::parse_quote!(std::borrow::Cow<'a, str>)),
            "Cow<str>"
        );
        assert_eq!(inner(syn::parse_quote!(u8)), "u8");
        assert_eq!(inner(syn::parse_quote!(&[u8])), "&[u8]");
        // The macro's own checks read the same classes.
        assert_eq!(shape(&syn::parse_quote!(Option<Box<[u8; 4]>>)), Shape::List);
        assert_eq!(
            TypeShape::of(&syn::parse_quote!(Option<HashMap<String, u8>>)).shape(),
            Shape::Object
        );
    }
}
