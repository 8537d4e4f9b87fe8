//! A client generated in place by `endpoint::openapi!` from `petstore.yaml`
//! (two of its three operations, and the types they reach), at the crate's
//! root, as the generated items ask.
//!
//! ```
//! let request = openapi_macro::pets::GetPet { pet_id: 7 }.to_request()?;
//! assert_eq!(request.url, "https://petstore.example.com/v1/pets/7");
//! # Ok::<(), endpoint::Error>(())
//! ```

endpoint::openapi!(
    "petstore.yaml",
    operations = ["GET /pets/{petId}", "createPet"],
    strict
);
