//! Post pictures through the image door: a phone photo stored at both sizes (ratio kept,
//! JPEG without metadata) under a content-addressed id, served by `GetPostImage`; pictures
//! that are too big, too many pixels (refused from the header) or not pictures refused;
//! a hidden post's pictures withheld from others (listed and served); a deleted post's gone.

use sise_platform::testing::images::{Fill, photo_jpeg, png_filled};
use sise_proto::social::v1 as pb;

use crate::helpers::{SAMSUNG, TestApp, board, code, member, post_ref};

sise_platform::per_backend! {
    async fn a_photo_is_stored_at_both_sizes(backend) {
        let app = TestApp::spawn(backend).await;
        let user = member();
        let photo = photo_jpeg(4000, 3000);
        let tall = png_filled(300, 600, Fill::Rgba8([10, 200, 30, 255]));
        let post = app
            .create_post(user, SAMSUNG, pb::Category::Opinion, "사진 두 장", vec![photo.clone(), tall])
            .await
            .expect("written");
        assert_eq!(post.images.len(), 2);
        let read = app.get_post(Some(user), post.id, pb::Scope::All).await.expect("read");
        assert_eq!(read.post.as_ref(), Some(&post), "the answer is the post as stored");
        let (large, small_one) = (&post.images[0], &post.images[1]);
        assert_eq!((large.width, large.height), (1280, 960));
        // Never enlarged.
        assert_eq!((small_one.width, small_one.height), (300, 600));
        assert_eq!(large.id.len(), 64);
        for (size, expected) in [(0, (1280, 960)), (1280, (1280, 960)), (360, (360, 270))] {
            let stored = app.get_post_image(None, &large.id, size).await.expect("stored");
            assert_eq!(stored.content_type, "image/jpeg");
            let decoded = image::load_from_memory_with_format(&stored.data, image::ImageFormat::Jpeg)
                .expect("a JPEG");
            assert_eq!((decoded.width(), decoded.height()), expected, "size {size}");
        }
        let small = app.get_post_image(None, &small_one.id, 360).await.expect("stored");
        let decoded = image::load_from_memory(&small.data).expect("jpeg");
        assert_eq!((decoded.width(), decoded.height()), (180, 360));
        // The same photo from the same author: the same id; from another: another.
        let again = app
            .create_post(user, SAMSUNG, pb::Category::Opinion, "같은 사진", vec![photo.clone()])
            .await
            .expect("written");
        assert_eq!(again.images[0].id, large.id);
        let other = app
            .create_post(member(), SAMSUNG, pb::Category::Opinion, "같은 사진", vec![photo])
            .await
            .expect("written");
        assert_ne!(other.images[0].id, large.id);
        // Lists carry them.
        let page = app.list_posts(None, board(SAMSUNG)).await.expect("page");
        assert_eq!(page.posts.last().map(|p| p.images.len()), Some(2));
        // Unknown ids and sizes.
        for (id, size) in [(large.id.as_str(), 240), ("0".repeat(64).as_str(), 0), ("nope", 0)] {
            let refused = app.get_post_image(None, id, size).await.expect_err("not stored");
            assert_eq!(code(&refused), "post_image_not_found");
        }
        // Hidden: others get no pictures; the author still does.
        app.hide(post_ref(post.id), "확인 중").await.expect("hidden");
        let seen = app.get_post(None, post.id, pb::Scope::All).await.expect("post");
        assert!(seen.post.as_ref().is_some_and(|p| p.images.is_empty() && p.content_withheld));
        let own = app.get_post(Some(user), post.id, pb::Scope::All).await.expect("post");
        assert_eq!(own.post.map(|p| p.images.len()), Some(2));
        // Deleted: the pictures only it held go; the shared one stays for the other post.
        app.delete_post(user, post.id).await.expect("deleted");
        let refused = app.get_post_image(None, &small_one.id, 360).await.expect_err("gone");
        assert_eq!(code(&refused), "post_image_not_found");
        assert!(app.get_post_image(None, &large.id, 360).await.is_ok());
        app.stop().await;
    }

    /// A picture is served while a post holding it is visible: a hidden post's only to its
    /// author (as its text), a deleted post's to no one.
    async fn a_hidden_posts_pictures_are_not_served(backend) {
        let app = TestApp::spawn(backend).await;
        let author = member();
        let picture = png_filled(400, 300, Fill::Rgba8([200, 30, 10, 255]));
        let post = app
            .create_post(author, SAMSUNG, pb::Category::Opinion, "사진 한 장", vec![picture.clone()])
            .await
            .expect("written");
        let id = post.images[0].id.clone();
        assert!(app.get_post_image(None, &id, 360).await.is_ok());

        app.hide(post_ref(post.id), "확인 중").await.expect("hidden");
        for (viewer, size) in [(None, 0), (None, 360), (None, 1280), (Some(member()), 360)] {
            let refused = app.get_post_image(viewer, &id, size).await.expect_err("hidden");
            assert_eq!(code(&refused), "post_image_not_found", "{viewer:?} at {size}");
        }
        assert!(app.get_post_image(Some(author), &id, 360).await.is_ok(), "the author's own");

        // Held by another post that is visible too: served while that one stays.
        let again = app
            .create_post(author, SAMSUNG, pb::Category::Opinion, "같은 사진", vec![picture])
            .await
            .expect("written");
        assert_eq!(again.images[0].id, id);
        assert!(app.get_post_image(None, &id, 360).await.is_ok());
        app.delete_post(author, again.id).await.expect("deleted");
        let refused = app.get_post_image(None, &id, 360).await.expect_err("hidden again");
        assert_eq!(code(&refused), "post_image_not_found");

        // Restored: served again.
        app.restore(post_ref(post.id), "문제 없음").await.expect("restored");
        assert!(app.get_post_image(None, &id, 1280).await.is_ok());
        app.stop().await;
    }

    async fn pictures_that_are_refused(backend) {
        let app = TestApp::spawn_with(
            backend,
            &[("services.social.community.image_max_bytes", "1048576")],
        )
        .await;
        let user = member();
        let write = |images: Vec<Vec<u8>>| {
            app.create_post(user, SAMSUNG, pb::Category::Opinion, "사진", images)
        };
        // 20000×20000 in one colour: a small file, 400 megapixels: refused from its header.
        let huge = png_filled(20_000, 20_000, Fill::Gray1);
        assert!(huge.len() < 1 << 20);
        let refused = write(vec![huge]).await.expect_err("too many pixels");
        assert_eq!(code(&refused), "image_too_many_pixels");
        let refused = write(vec![b"<svg/>".to_vec()]).await.expect_err("not a picture");
        assert_eq!(code(&refused), "invalid_image");
        let refused = write(vec![vec![0xFF; (1 << 20) + 1]]).await.expect_err("too large");
        assert_eq!(code(&refused), "image_too_large");
        assert_eq!(refused.message(), "사진은 1MB까지 올릴 수 있습니다.");
        // Nothing was written.
        let page = app.list_posts(None, board(SAMSUNG)).await.expect("page");
        assert!(page.posts.is_empty());
        app.stop().await;
    }
}
